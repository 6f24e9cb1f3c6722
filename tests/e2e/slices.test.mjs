// Issue 47: the comparison and hot-keys chapters at their heaviest accepted settings run their
// work in many slices (`partlab-study-work` measures), whatever the key count: the core's
// owners, Maglev's table, rendezvous' columns, multi-probe's probes, the streams and bounded
// loads' placements are stepped a budget at a time (`OwnersTask`, `HotKeysBuild`,
// `StreamBuild`, `LoadsTask`; their Rust tests bound the work of one step). The Long Tasks
// API's entries during the work are printed, not asserted (timings depend on the machine).
//
// Hooks: `#app[data-busy]`, the `partlab-study-work` performance measures.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openPage, READY, useLab } from './harness.mjs';

const lab = useLab();

/** Page script: the Long Tasks API's entries in `window.__long`. */
function recordLongTasks() {
  window.__long = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push(Math.round(e.duration));
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    window.__long = null;
  }
}

/** Opens `fragment`, waits for `slices` slices of work (or the end of the work), and returns
 *  the slices seen, whether the work ended, and the long tasks. */
async function watch(fragment, slices) {
  const opened = await openPage(lab.browser, lab.server.origin, { initScript: recordLongTasks });
  const { page, context, errors } = opened;
  await page.goto(lab.server.url + fragment);
  await page.waitForSelector(READY, { timeout: 60_000 });
  await page.waitForFunction(
    (n) =>
      performance.getEntriesByName('partlab-study-work').length >= n ||
      (document.querySelector('main[data-study]') && document.getElementById('app')?.dataset.busy === 'false'),
    slices,
    { timeout: 120_000, polling: 200 },
  );
  const seen = await page.evaluate(() => ({
    slices: performance.getEntriesByName('partlab-study-work').length,
    busy: document.getElementById('app')?.dataset.busy,
    long: window.__long,
  }));
  await context.close();
  return { ...seen, errors };
}

describe('issue 47: heavy study chapters work in slices', () => {
  for (const [what, fragment] of [
    ['hot keys with 100 000 keys', '#c=hot-keys&keys=100000&l=en'],
    ['the comparison at its sliders\' maxima', '#c=compare&n=10&k=50000&m=65537&lf=300&probes=100&t=16&l=en'],
    ['the comparison with the address-only 100 000 keys', '#c=compare&k=100000&l=en'],
  ]) {
    test(`${what}: the work is split into many slices`, { timeout: 240_000 }, async () => {
      const r = await watch(fragment, 40);
      console.log(`${what}: ${r.slices} slices seen, busy=${r.busy}, long tasks: ${r.long === null ? 'no Long Tasks API' : JSON.stringify(r.long)}`);
      // Before slicing, hot keys' 100 000 keys were one task of ~300 ms: the first of its
      // steps did the whole placement. Now the work goes on over at least 40 slices.
      assert.ok(r.slices >= 40, `${r.slices} slices before the work ended`);
      assert.equal(r.busy, 'true', 'still working after 40 slices: the work was cut small');
      assert.deepEqual(r.errors, []);
    });
  }
});
