// The first part's wasm in two (scripts/split.mjs): the part fetched first holds what a cold
// load of the hashing chapters runs before its ring is on screen; the rest is a second part,
// fetched beside it and instantiated as soon as it is compiled. Whatever the order they
// arrive in, the page works: a second part that is late is loaded when first needed, after
// the first part alone has drawn the ring; the single file carries both.
//
// Hooks: `<meta name="partlab-second-part">`, the performance marks `partlab-second-part-in`
// and `partlab-second-part-late`, `#app[data-ring=drawn]`, `#dist-table tr[data-keys]`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { MARK_IN, MARK_LATE, META } from '../../scripts/split.mjs';
import { DIST, STANDALONE, launchBrowser, openPage, serveDist, settle, waitForReady, STANDALONE_URL } from './harness.mjs';

const secondPart = () =>
  new RegExp(`<meta name="${META}" content="([^"]+)">`).exec(fs.readFileSync(path.join(DIST, 'index.html'), 'utf8'))?.[1];

/** Records when `#app` first says `data-ring="drawn"` (window.__ringAt, page time). */
function recordRing() {
  new MutationObserver((records, observer) => {
    if (document.getElementById('app')?.getAttribute('data-ring') !== 'drawn') return;
    window.__ringAt = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ring'] });
}

/** The loader's marks: { in, late } (page times, ms), each if it was made. */
const marks = (page) =>
  page.evaluate(([markIn, markLate]) => {
    const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
    return { in: at(markIn), late: at(markLate) };
  }, [MARK_IN, MARK_LATE]);
/** Waits until the loader says the second part is instantiated. */
const secondPartIn = (page) => page.waitForFunction((name) => performance.getEntriesByName(name).length === 1, MARK_IN);
const figures = (page) => page.$$eval('#dist-table tr[data-keys]', (rows) => rows.map((r) => `${r.dataset.node} ${r.dataset.keys}`));

let browser;
let server;
before(async () => {
  browser = await launchBrowser();
  server = await serveDist();
});
after(async () => {
  await server?.close();
  await browser?.close();
});

describe('the first part in two', () => {
  test('the build wrote a second part, and a cold load instantiates it', { timeout: 60_000 }, async () => {
    const name = secondPart();
    assert.match(name ?? '', /^partlab-later-[0-9a-f]{16}_bg\.wasm$/);
    assert.equal(fs.readFileSync(path.join(DIST, name)).subarray(0, 4).toString('latin1'), '\0asm');
    const { page, context, errors } = await openPage(browser, server.origin);
    await page.goto(`${server.url}#p=ring-10&l=ca`);
    await waitForReady(page);
    await secondPartIn(page);
    assert.deepEqual(await figures(page), ['inv-bcn 32315', 'inv-vlc 10845', 'inv-gir 32959', 'inv-lle 23881']);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the part fetched first is what [11] allows: at most 200 KB gzipped, and the smaller share of the code', () => {
    const first = /href="\.\/(partlab-[0-9a-f]{1,16}_bg\.wasm)"/.exec(fs.readFileSync(path.join(DIST, 'index.html'), 'utf8'))?.[1];
    const [a, b] = [first, secondPart()].map((f) => fs.readFileSync(path.join(DIST, f)));
    const gz = (buf) => zlib.gzipSync(buf, { level: 6 }).length;
    assert.ok(gz(a) <= 200 * 1024, `the first part is ${gz(a)} bytes gzipped`);
    // A cut that kept (nearly) everything in the first part would leave a token second part.
    assert.ok(gz(b) >= 0.25 * (gz(a) + gz(b)), `the second part is ${gz(b)} of ${gz(a) + gz(b)} bytes`);
  });

  test('held back, the second part is loaded when first needed: the first part alone draws the ring', { timeout: 60_000 }, async () => {
    const name = secondPart();
    // A normal load's figures after one vnodes step, to compare with.
    const normal = await openPage(browser, server.origin);
    await normal.page.goto(`${server.url}#p=ring-10&l=ca`);
    await waitForReady(normal.page);
    const normalFigures = await figures(normal.page);
    await normal.page.focus('#vnodes');
    await normal.page.keyboard.press('ArrowRight');
    await normal.page.waitForFunction(() => document.querySelector('#vnodes-out')?.textContent !== '10');
    // The output shows the new count at once; the figures follow once the step is computed,
    // which under load can be a few slices later.
    await settle(normal.page);
    const normalStep = await figures(normal.page);
    await normal.context.close();

    // The first request for the second part (the preload and the fetch that reuses it) never
    // gets an answer; the next one (the synchronous load) does. The service worker's install,
    // once the page is drawn and idle, fetches the whole site again: not the page's loading,
    // and not counted (under load it came before the count was read).
    const { page, context, errors } = await openPage(browser, server.origin, { initScript: recordRing });
    let held = 0;
    await context.route(`**/${name}`, (route) => {
      if (route.request().serviceWorker()) return route.continue();
      held += 1;
      if (held === 1) return; // left pending
      return route.continue();
    });
    await page.goto(`${server.url}#p=ring-10&l=ca`);
    await waitForReady(page);
    await secondPartIn(page);
    const m = await marks(page);
    const ringAt = await page.evaluate(() => window.__ringAt);
    assert.ok(m.late !== undefined, `loaded synchronously when first needed (marks ${JSON.stringify(m)})`);
    assert.ok(ringAt < m.late, `the ring (${ringAt} ms) was drawn before the second part was needed (${m.late} ms)`);
    assert.equal(held, 2, 'one held request, one synchronous load');
    assert.deepEqual(await figures(page), normalFigures);
    await page.focus('#vnodes');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('#vnodes-out')?.textContent !== '10');
    await settle(page);
    assert.deepEqual(await figures(page), normalStep);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the single file carries the second part: from file://, both parts, no request', { timeout: 60_000 }, async () => {
    const html = fs.readFileSync(STANDALONE, 'utf8');
    assert.ok(!html.includes(`new URL('${secondPart()}'`), 'the second part is inlined, not fetched');
    assert.ok(!html.includes(`name="${META}"`));
    const { page, context, errors, external, requests } = await openPage(browser, 'file://');
    const url = STANDALONE_URL;
    await page.goto(`${url}#p=ring-10&l=ca`, { waitUntil: 'load' });
    await waitForReady(page);
    await secondPartIn(page);
    assert.deepEqual(await figures(page), ['inv-bcn 32315', 'inv-vlc 10845', 'inv-gir 32959', 'inv-lle 23881']);
    assert.deepEqual(
      requests.filter((u) => !u.startsWith('data:')).map((u) => u.split('#')[0]),
      [url],
      'the page itself is the only file it loads',
    );
    assert.deepEqual(external, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
