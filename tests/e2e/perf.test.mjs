// Work in slices, the work budget, coalesced addresses, redraws: what the page must do,
// checked by structure, never by timing (speed is tests/e2e/bench.mjs's job).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { codeBodySizes } from '../../scripts/wasm-sections.mjs';
import { DIST, keysPerNode as counts, settle, useLab } from './harness.mjs';

const lab = useLab({ defaults: { locale: 'en-GB' } });
const NODES = 'inv-bcn,inv-vlc,inv-gir,inv-lle';

/** The keys-per-node table's total. */
const total = async (page) => Object.values(await counts(page)).reduce((s, k) => s + k, 0);

/**
 * Page script (run before the page's own): counts the page's renderings, each at its first
 * animation-frame callback (a loop of its own makes sure every rendering has one), and
 * `window.__at()` stamps a moment with the renderings so far and whether animation-frame
 * callbacks are running (before that rendering's layout).
 */
function renderClock() {
  const b = { renders: 0, inFrame: false, lastFrame: null };
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) =>
    raf((ts) => {
      if (ts !== b.lastFrame) {
        b.lastFrame = ts;
        b.renders += 1;
      }
      b.inFrame = true;
      try {
        cb(ts);
      } finally {
        b.inFrame = false;
      }
    });
  const loop = () => window.requestAnimationFrame(loop);
  loop();
  window.__at = () => ({ t: performance.now(), renders: b.renders, inFrame: b.inFrame });
}

/** An init script: the render clock, then `body` (which may call `window.__at()`). */
const withRenderClock = (body) => `${renderClock}\nrenderClock();\n(${body})();`;

describe('work in slices', () => {
  test('a million keys are hashed in slices: a progress note, the old figures until the new ones', { timeout: 120_000 }, async () => {
    const { page, errors, context } = await lab.open(`#s=ring&n=${NODES}&v=150&k=100000&l=en`, {
      initScript: () => {
        // Every text the progress note shows, and the figures' total at that moment.
        window.__seen = [];
        new MutationObserver(() => {
          const note = document.getElementById('progress')?.textContent ?? '';
          if (!note) return;
          const rows = [...document.querySelectorAll('#dist-table tr[data-keys]')];
          window.__seen.push({ note, total: rows.reduce((s, r) => s + Number(r.dataset.keys), 0) });
        }).observe(document, { subtree: true, childList: true, characterData: true });
      },
    });
    assert.equal(await total(page), 100_000);
    await page.evaluate(() => {
      window.__seen = [];
    });
    await page.focus('#keys');
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.getElementById('app').getAttribute('data-busy') === 'true');
    // The controls show the change asked for at once, the figures the experiment before it.
    assert.match(await page.getAttribute('#keys', 'aria-valuetext'), /^1,000,000/);
    await settle(page);
    assert.equal(await total(page), 1_000_000);
    const seen = await page.evaluate(() => window.__seen);
    const notes = [...new Set(seen.map((s) => s.note))];
    assert.ok(notes.length >= 3, `the progress note changed ${notes.length} times: ${notes.slice(0, 3)}`);
    assert.ok(notes.some((n) => /^Hashing 1,000,000 keys… \d+\s%/.test(n)), notes[0]);
    // While the note showed, the figures were those of the 100 000 keys.
    assert.ok(seen.every((s) => s.total === 100_000), JSON.stringify(seen.find((s) => s.total !== 100_000)));
    assert.equal(await page.textContent('#progress'), '');
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const [what, fragment, building] of [
    ['a Maglev table of 655 373 entries', '#c=rendezvous&s=maglev&m=655373&k=1000000&l=en', /^Filling Maglev's table… \d+\s%/],
    [
      'bounded loads over 32 000 ring points',
      `#c=ring&s=bounded&n=${Array.from({ length: 32 }, (_, i) => `n${i + 1}`).join(',')}&v=1000&k=1000000&l=en`,
      /^Placing the virtual nodes on the ring… \d+\s%/,
    ],
  ]) {
    test(`on a cold start, ${what} is built first, in slices, and the ring drawn while the keys are hashed`, { timeout: 120_000 }, async () => {
      const { page, errors, context } = await lab.open(fragment, {
        initScript: () => {
          // Every progress note in order, and what the page said when the ring was first drawn.
          window.__notes = [];
          window.__ringDrawn = null;
          new MutationObserver(() => {
            const app = document.getElementById('app');
            const note = document.getElementById('progress')?.textContent ?? '';
            if (note && window.__notes.at(-1) !== note) window.__notes.push(note);
            if (window.__ringDrawn === null && app?.getAttribute('data-ring') === 'drawn') {
              window.__ringDrawn = { note, state: app.getAttribute('data-state') };
            }
          }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
        },
      });
      const { notes, ringDrawn } = await page.evaluate(() => ({ notes: window.__notes, ringDrawn: window.__ringDrawn }));
      const built = notes.findIndex((n) => building.test(n));
      const hashing = notes.findIndex((n) => /^Hashing 1,000,000 keys… \d+\s%/.test(n));
      assert.ok(built >= 0 && hashing > built, `the partitioner first, then the keys: ${notes.slice(0, 4)}`);
      assert.ok(notes.filter((n) => building.test(n)).length >= 2, `built in more than one slice: ${notes.slice(0, 4)}`);
      // The ring came while the keys were still being hashed, not with the figures.
      assert.notEqual(ringDrawn?.state, 'ready', JSON.stringify(ringDrawn));
      assert.match(ringDrawn?.note ?? '', /^Hashing 1,000,000 keys… \d+\s% The figures and the charts appear when it is done\.$/, JSON.stringify(ringDrawn));
      assert.equal(await total(page), 1_000_000);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test("a large ring's arcs and ticks are built in a task before the update that draws it; a small ring's in that update", { timeout: 120_000 }, async () => {
    const nodes = Array.from({ length: 32 }, (_, i) => `n${i + 1}`).join(',');
    for (const [what, fragment, apart] of [
      // 32 000 points: built before the keys, drawn as a preview while they are hashed.
      ['bounded loads, 32 000 points', `#c=ring&s=bounded&n=${nodes}&v=1000&k=100000&l=en`, true],
      // 160 000 points: drawn once the experiment is computed.
      ['a ring of 160 000 points', `#c=ring&s=ring&n=${nodes}&w=${Array(32).fill(5).join(',')}&v=1000&k=100000&l=en`, true],
      ['4 × 1000 vnodes', `#n=${NODES}&v=1000&k=100000&l=en`, false],
    ]) {
      const { page, errors, context } = await lab.open(fragment, {
        initScript: () => {
          window.__ringAt = null;
          new MutationObserver(() => {
            if (window.__ringAt === null && document.getElementById('app')?.getAttribute('data-ring') === 'drawn') {
              window.__ringAt = performance.now();
            }
          }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ring'] });
        },
      });
      await settle(page);
      const r = await page.evaluate(() => ({
        paths: performance.getEntriesByName('partlab-ring-paths').map((m) => [m.startTime, m.startTime + m.duration]),
        updates: performance.getEntriesByName('partlab-update').map((m) => [m.startTime, m.startTime + m.duration]),
        ringAt: window.__ringAt,
      }));
      assert.ok(r.ringAt != null, `${what}: the ring is drawn`);
      if (!apart) {
        assert.deepEqual(r.paths, [], `${what}: no task apart for a small ring`);
      } else {
        assert.ok(r.paths.length >= 1, `${what}: its paths are built apart`);
        for (const [a, z] of r.paths) {
          const inside = r.updates.filter(([ua, uz]) => a < uz && ua < z);
          assert.deepEqual(inside, [], `${what}: a task of their own, not within an update`);
        }
        assert.ok(r.paths[0][1] <= r.ringAt, `${what}: built before the ring is drawn (${r.paths[0][1]} / ${r.ringAt})`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test('work over the budget is refused with the way round it, and the last valid state stays', { timeout: 60_000 }, async () => {
    const names = Array.from({ length: 32 }, (_, i) => `n${i + 1}`).join(',');
    const { page, errors, context } = await lab.open(`#c=rendezvous&s=rendezvous&n=${names}&k=200000&l=en`);
    const before = await counts(page);
    await page.focus('#keys');
    await page.keyboard.press('End');
    await page.waitForSelector('#control-notices .notice');
    const notice = await page.textContent('#control-notices .notice');
    assert.match(notice, /32 × 1,000,000 × 1 = 32,000,000 scores/);
    assert.match(notice, /use at most 250,000 keys, or at most 8 nodes/);
    await settle(page);
    assert.deepEqual(await counts(page), before);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the chapter is built in one task and written in the next, which draws nothing; the canvases are measured once the browser has laid its writing out', { timeout: 60_000 }, async () => {
    const names = Array.from({ length: 32 }, (_, i) => `n${i + 1}`).join(',');
    const { page, errors, context } = await lab.open(`#c=ring&s=ring&n=${names}&v=1000&k=100000&l=en`, {
      initScript: withRenderClock(() => {
        const b = (window.__first = { reads: [], updates: [] });
        const at = window.__at;
        // When the page reads a canvas's box (a layout, if the page changed since the last).
        const read = Element.prototype.getBoundingClientRect;
        Element.prototype.getBoundingClientRect = function () {
          if (this instanceof HTMLCanvasElement) b.reads.push(at());
          return read.call(this);
        };
        // When the chapter's node list first exists: a mutation observer's callback runs at
        // the end of the task that built it.
        b.built = null;
        new MutationObserver((_, mo) => {
          if (document.getElementById('node-list')) {
            b.built = at();
            mo.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
        const mark = Performance.prototype.mark;
        Performance.prototype.mark = function (name, ...rest) {
          if (name === 'partlab-update-start') b.updates.push(at());
          return mark.call(this, name, ...rest);
        };
      }),
    });
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    const { first, reads, built } = await page.evaluate(() => {
      const [a] = performance.getEntriesByName('partlab-update');
      return { first: { ...window.__first.updates[0], end: a.startTime + a.duration }, reads: window.__first.reads, built: window.__first.built };
    });
    assert.equal(first.inFrame, false, 'the first update is a task, not an animation frame (whose rendering would lay the page out in the same task)');
    assert.ok(built && built.t < first.t, `the chapter is built in a task that ends before the first update starts (built ${built?.t}, update at ${first.t})`);
    assert.ok(reads.length > 0, 'the canvases were measured');
    assert.ok(reads[0].t > first.end, `no canvas size read in the first update (first read at ${reads[0].t}, the update ended at ${first.end})`);
    // A read in a task after a rendering finds the layout done; a read in an animation frame
    // needs a whole rendering before its own.
    const renderingsBefore = reads[0].renders - first.renders - (reads[0].inFrame ? 1 : 0);
    assert.ok(renderingsBefore >= 1, `the browser rendered the first update's writing before the first canvas read (${JSON.stringify({ first, read: reads[0] })})`);
    // The controls are written in that first update: all 32 node rows.
    assert.equal(await page.$$eval('#node-list [data-role=weight]', (xs) => xs.length), 32);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("between the page's first layout and its first ring nothing else runs; the keys' hashing waits for the ring's frame, the first address for the ring", { timeout: 60_000 }, async () => {
    // The fields out of the lab's order: the page writes the address in its own words.
    const { page, errors, context } = await lab.open(`#l=en&k=100000&v=1000&n=${NODES}&s=ring&c=ring`, {
      initScript: withRenderClock(() => {
        // Each page call below is stamped with the renderings so far and whether it runs
        // inside animation-frame callbacks.
        const b = (window.__first = { updates: [], posts: [], writes: [], ring: null });
        const at = window.__at;
        const mark = Performance.prototype.mark;
        Performance.prototype.mark = function (name, ...rest) {
          if (name === 'partlab-update-start') b.updates.push(at());
          return mark.call(this, name, ...rest);
        };
        // The page's tasks are posted through a MessageChannel.
        const post = MessagePort.prototype.postMessage;
        MessagePort.prototype.postMessage = function (...args) {
          b.posts.push(at());
          return post.apply(this, args);
        };
        const replace = History.prototype.replaceState;
        History.prototype.replaceState = function (...args) {
          b.writes.push(at());
          return replace.apply(this, args);
        };
        const set = Element.prototype.setAttribute;
        Element.prototype.setAttribute = function (name, value) {
          if (name === 'data-ring' && value === 'drawn' && this.id === 'app' && !b.ring) b.ring = at();
          return set.call(this, name, value);
        };
      }),
    });
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    await page.waitForFunction(() => window.__first.writes.length > 0, null, { timeout: 10_000 });
    const b = await page.evaluate(() => window.__first);
    const { ring, updates, posts, writes } = b;
    assert.ok(ring && !ring.inFrame, `the first ring is drawn in a task (${JSON.stringify(ring)})`);
    const first = updates[0];
    const drawing = updates.filter((u) => u.t < ring.t).at(-1);
    assert.ok(first && drawing && drawing.renders > first.renders, `the ring is drawn after a rendering of the first update (${JSON.stringify({ first, drawing })})`);
    // The first update's rendering lays the page out; an update in a later rendering before
    // the drawing (a frame the canvases' first size notices asked for) would put it off.
    const between = updates.filter((u) => u.t > first.t && u.t < drawing.t);
    assert.ok(
      between.every((u) => u.renders <= first.renders + 1),
      `no update in a rendering between the page's first layout and the drawing: ${JSON.stringify({ first, between, drawing })}`,
    );
    // Nothing posted by the drawing task after the ring: the keys' first slice is posted from
    // the next rendering's animation frame, so the ring reaches the screen first.
    const after = posts.filter((p) => p.t > ring.t && p.renders === ring.renders && !p.inFrame);
    assert.deepEqual(after, [], 'no task posted between the drawn ring and its rendering');
    assert.ok(posts.some((p) => p.t > ring.t && p.inFrame), 'the keys\' hashing goes on from an animation frame after the ring');
    // The address in the lab's words, written in a task after the ring's.
    assert.ok(writes[0].t > ring.t && !writes[0].inFrame, `the first address is written after the ring is drawn (${JSON.stringify({ ring, write: writes[0] })})`);
    assert.match(await page.evaluate(() => location.hash), /^#c=ring/);
    assert.equal(await total(page), 100_000);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the first part's functions are each compiled whole on first call: none is the whole update's drawing", () => {
    // Chromium compiles a wasm function on its first call, all of it, on the main thread. The
    // update keeps what its first calls do not run out of line (src/hashing/mod.rs) and
    // wasm-opt inlines a function with one caller only up to a size (www/index.html); with
    // either missing, the update was one function of 74 KB of code, the ring's, figures' and
    // charts' drawing included, compiled before the first ring.
    const file = fs.readdirSync(DIST).find((f) => /^partlab-[0-9a-f]+_bg\.wasm$/.test(f));
    assert.ok(file, `no first part in ${DIST}`);
    const sizes = codeBodySizes(fs.readFileSync(path.join(DIST, file)));
    assert.ok(sizes.length > 500, `${sizes.length} function bodies read`);
    const largest = Math.max(...sizes);
    assert.ok(largest < 48_000, `the largest function of the first part has ${largest} bytes of code`);
  });

  test('200 addresses in a row are shown once, the last one', { timeout: 60_000 }, () =>
    lab.visit(`#s=ring&n=${NODES}&v=150&k=100000&l=en`, async ({ page }) => {
      const drawn = await page.evaluate(() => {
        const n0 = performance.getEntriesByName('partlab-update').length;
        const stops = [1, 2, 3, 5, 7, 10, 15, 20, 30, 50];
        for (let i = 0; i < 200; i++) {
          location.hash = `#c=ring&s=ring&n=inv-bcn,inv-vlc,inv-gir,inv-lle&v=${stops[i % stops.length]}&k=100000&l=en`;
        }
        return n0;
      });
      await page.waitForFunction(() => document.getElementById('vnodes-out')?.textContent === '50');
      await settle(page);
      const updates = await page.evaluate((n0) => performance.getEntriesByName('partlab-update').length - n0, drawn);
      // One burst, one address shown: a handful of frames, not 200.
      assert.ok(updates <= 5, `${updates} updates for one burst of 200 addresses`);
      assert.match(await page.evaluate(() => location.hash), /v=50/);
    }));
});

describe('redraws', () => {
  /** A fingerprint of every pixel of a canvas (and its size). */
  const pixels = (page, id) =>
    page.$eval(`#${id}`, (c) => {
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let h = 0;
      for (let i = 0; i < d.length; i++) h = (Math.imul(h, 31) + d[i]) | 0;
      return `${c.width}×${c.height}:${h}`;
    });

  test('charts redrawn over their kept layers show what a fresh page draws', { timeout: 120_000 }, async () => {
    const fragment = `#s=ring&n=${NODES}&v=150&k=100000&l=en`;
    const a = await lab.open(fragment);
    await a.page.waitForSelector('#deviation-chart[data-points="11"]', { timeout: 60_000 });
    await a.page.waitForSelector('#movement-chart[data-points="9"]', { timeout: 60_000 });
    // Steps there and back: the marker moves, the bars change, the layers are kept.
    await a.page.focus('#vnodes');
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowLeft', 'ArrowLeft']) {
      await a.page.keyboard.press(key);
      await settle(a.page);
    }
    assert.equal(await a.page.textContent('#vnodes-out'), '150');
    // The movement sweep depends on the vnodes: wait for its new run.
    await a.page.waitForFunction(
      () =>
        document.getElementById('deviation-chart')?.getAttribute('data-points') === '11' &&
        document.getElementById('movement-chart')?.getAttribute('data-points') === '9' &&
        !document.getElementById('movement-status')?.textContent.includes('…'),
      null,
      { timeout: 60_000 },
    );
    const b = await lab.open(fragment);
    await b.page.waitForSelector('#deviation-chart[data-points="11"]', { timeout: 60_000 });
    await b.page.waitForSelector('#movement-chart[data-points="9"]', { timeout: 60_000 });
    await settle(b.page);
    for (const id of ['bars-chart', 'deviation-chart', 'movement-chart']) {
      assert.equal(await pixels(a.page, id), await pixels(b.page, id), id);
    }
    assert.deepEqual([...a.errors, ...b.errors], []);
    await a.context.close();
    await b.context.close();
  });

  test('the compare panel, when shown, is drawn after the browser has laid it out, not in the update that shows it', { timeout: 60_000 }, async () => {
    // Measuring its canvases in the update that showed the panel laid the page out inside that
    // update, which then drew three rings and the bars: one task of 50–75 ms in traces.
    const { page, errors, context } = await lab.open(`#s=ring&n=${NODES}&v=150&k=100000&l=en`, {
      initScript: withRenderClock(() => {
        const b = (window.__cmp = { shown: null, reads: [], puts: [] });
        const at = window.__at;
        const remove = Element.prototype.removeAttribute;
        Element.prototype.removeAttribute = function (name) {
          if (this.id === 'compare-panel' && name === 'hidden') b.shown = at();
          return remove.call(this, name);
        };
        const read = Element.prototype.getBoundingClientRect;
        Element.prototype.getBoundingClientRect = function () {
          if (this.id.startsWith('cmp-ring')) b.reads.push(at());
          return read.call(this);
        };
        // The rings' dots reach their canvas as one image.
        const put = CanvasRenderingContext2D.prototype.putImageData;
        CanvasRenderingContext2D.prototype.putImageData = function (...a) {
          if (this.canvas.id.startsWith('cmp-ring')) b.puts.push({ id: this.canvas.id, ...at() });
          return put.apply(this, a);
        };
      }),
    });
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    await page.click('#compare-toggle');
    await page.waitForSelector('#cmp-ring-b[data-moved-dots]', { timeout: 30_000 });
    const { shown, reads, puts } = await page.evaluate(() => window.__cmp);
    assert.ok(shown, 'the panel was shown');
    assert.deepEqual([...new Set(puts.map((p) => p.id))].sort(), ['cmp-ring-a', 'cmp-ring-b'], 'both rings are drawn');
    for (const p of puts) {
      assert.ok(p.renders > shown.renders, `${p.id} is drawn after a rendering of the shown panel (${JSON.stringify({ shown, p })})`);
    }
    // A size read after the panel was shown, in the same rendering, would lay it out there.
    const early = reads.filter((r) => r.t > shown.t && r.renders === shown.renders);
    assert.deepEqual(early, [], 'no canvas of the panel is measured before the browser has laid it out');
    assert.equal(await page.getAttribute('#compare-panel', 'hidden'), null);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("with a key picked, a slider step draws the magnifier without measuring it after the update's writes; a resize redraws it at its new size", { timeout: 60_000 }, async () => {
    // The magnifier read its box after the step had written the controls and the key path:
    // a layout inside every step (3–4 ms with the CPU throttled 4×).
    const { page, errors, context } = await lab.open(`#s=ring&n=${NODES}&v=150&k=100000&l=en`, {
      initScript: () => {
        const b = (window.__mag = { reads: [] });
        const writes = new MutationObserver(() => {});
        document.addEventListener('DOMContentLoaded', () =>
          writes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true }),
        );
        const mark = Performance.prototype.mark;
        Performance.prototype.mark = function (name, ...rest) {
          if (name === 'partlab-update-start') writes.takeRecords();
          return mark.call(this, name, ...rest);
        };
        const read = Element.prototype.getBoundingClientRect;
        Element.prototype.getBoundingClientRect = function () {
          if (this.id === 'magnifier') b.reads.push(writes.takeRecords().length);
          return read.call(this);
        };
      },
    });
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    await page.fill('#key-input', 'P-2026-000042');
    await page.click('#find');
    await page.waitForSelector('#magnifier[data-drawn]', { timeout: 30_000 });
    const drawn = () => page.$eval('#magnifier', (c) => ({ w: c.width, css: Math.round(c.getBoundingClientRect().width * devicePixelRatio) }));
    await page.focus('#vnodes');
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowLeft', 'ArrowRight']) {
      const before = await page.evaluate(() => performance.getEntriesByName('partlab-update').length);
      await page.keyboard.press(key);
      await page.waitForFunction((n) => performance.getEntriesByName('partlab-update').length > n, before);
      await settle(page);
    }
    const { reads } = await page.evaluate(() => window.__mag);
    assert.deepEqual(reads.filter((pending) => pending > 0), [], `the magnifier's box was read after the update had changed the page (${JSON.stringify(reads)})`);
    const at1280 = await drawn();
    assert.equal(at1280.w, at1280.css, 'drawn at its CSS width');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.waitForFunction(() => {
      const c = document.getElementById('magnifier');
      return c && c.width === Math.round(c.getBoundingClientRect().width * devicePixelRatio);
    }, null, { timeout: 10_000 });
    assert.notEqual((await drawn()).w, at1280.w, 'redrawn at the new width');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a remove button pressed with the pointer takes no focus, unless a typed field would lose its change', { timeout: 60_000 }, () =>
    lab.visit(`#s=ring&n=${NODES}&v=150&k=10000&l=en`, async ({ page }) => {
      await page.evaluate(() => {
        window.__focusIn = [];
        document.addEventListener('focusin', (e) => window.__focusIn.push(e.target.id || e.target.tagName));
      });
      await page.click('#add-node');
      await page.waitForSelector('#node-remove-4');
      await settle(page);
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'add-node');
      const before = await page.evaluate(() => window.__focusIn.length);
      await page.click('#node-remove-4');
      await page.waitForFunction(() => !document.getElementById('node-remove-4'));
      await settle(page);
      // The focus stayed on "add node": no focus moved during the leave.
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'add-node');
      assert.deepEqual(await page.evaluate((n) => window.__focusIn.slice(n), before), []);
      // A name being typed: the press blurs it and the name is committed before the removal.
      await page.fill('#node-name-0', 'inv-nou');
      await page.click('#node-remove-3');
      await page.waitForFunction(() => !document.getElementById('node-remove-3'));
      await settle(page);
      assert.equal(await page.inputValue('#node-name-0'), 'inv-nou');
      await page.waitForSelector('#dist-table tr[data-node="inv-nou"]');
      assert.match(await page.evaluate(() => location.hash), /n=inv-nou,/);
    }));

  test("a node's leave moves the focus from its row to \"add node\" before the row goes; a kept row keeps it", { timeout: 60_000 }, async () => {
    // Removing the focused element, then focusing another, each made the browser lay the page
    // out at once in the middle of the update: the focus moves while the page is laid out.
    const { page, errors, context } = await lab.open(`#s=ring&n=${NODES}&v=150&k=10000&l=en`);
    await page.evaluate(() => {
      window.__focusIn = [];
      document.addEventListener('focusin', (e) =>
        window.__focusIn.push({ id: e.target.id, rowThere: document.getElementById('node-remove-4')?.isConnected === true }),
      );
    });
    await page.focus('#add-node');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#node-remove-4');
    await settle(page);
    await page.focus('#node-remove-4');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.getElementById('node-remove-4'));
    await settle(page);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'add-node');
    const moves = await page.evaluate(() => window.__focusIn.filter((f) => f.id === 'add-node'));
    assert.deepEqual(moves.at(-1), { id: 'add-node', rowThere: true }, JSON.stringify(moves));
    // A weight step keeps the rows, and the focus stays on the slider that moved.
    await page.focus('#node-weight-1');
    await page.keyboard.press('ArrowRight');
    await settle(page);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'node-weight-1');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a vnodes step writes the figures and tables where they changed without reading them back', { timeout: 60_000 }, async () => {
    // The figures list and each table keep what they wrote and the elements it went into:
    // reading every row and cell back (HTMLCollection.item, children) was a fifth of a step's
    // calls into the page.
    const { page, errors, context } = await lab.open(`#s=ring&n=${NODES}&v=150&k=100000&l=en`, {
      initScript: () => {
        const reads = (window.__reads = { updates: 0, item: 0, children: 0 });
        let inUpdate = false;
        const mark = performance.mark.bind(performance);
        const measure = performance.measure.bind(performance);
        performance.mark = (name, ...rest) => {
          if (name === 'partlab-update-start') {
            inUpdate = true;
            reads.updates += 1;
          }
          return mark(name, ...rest);
        };
        performance.measure = (name, ...rest) => {
          if (name === 'partlab-update') inUpdate = false;
          return measure(name, ...rest);
        };
        const item = HTMLCollection.prototype.item;
        HTMLCollection.prototype.item = function (i) {
          if (inUpdate) reads.item += 1;
          return item.call(this, i);
        };
        const children = Object.getOwnPropertyDescriptor(Element.prototype, 'children');
        Object.defineProperty(Element.prototype, 'children', {
          configurable: true,
          get() {
            if (inUpdate) reads.children += 1;
            return children.get.call(this);
          },
        });
      },
    });
    await page.focus('#vnodes');
    const before = await page.evaluate(() => ({ ...window.__reads }));
    const shown = [];
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowLeft']) {
      await page.keyboard.press(key);
      await settle(page);
      shown.push(await page.$eval('[data-figure="deviation"]', (d) => d.getAttribute('data-value')));
    }
    const after = await page.evaluate(() => ({ ...window.__reads }));
    const updates = after.updates - before.updates;
    assert.ok(updates >= 3, `${updates} updates`);
    // Each step changed the figures; the step back shows the figures of the stop it left.
    assert.notEqual(shown[0], shown[1], JSON.stringify(shown));
    assert.equal(shown[2], shown[0], JSON.stringify(shown));
    const reads = after.item - before.item + (after.children - before.children);
    assert.ok(reads <= 5 * updates, `${reads} reads of element collections in ${updates} updates`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a node's join is drawn first and its address written after, in a task of its own", { timeout: 60_000 }, async () => {
    // `replaceState` took 0.5–4 ms; written inside the animation frame, it held back the
    // frame that shows the join.
    const { page, errors, context } = await lab.open(`#s=ring&n=${NODES}&v=150&k=10000&l=en`, {
      initScript: withRenderClock(() => {
        window.__writes = [];
        const replace = history.replaceState.bind(history);
        history.replaceState = (state, title, url) => {
          window.__writes.push({ ...window.__at(), url: String(url) });
          return replace(state, title, url);
        };
        // Each update ends with its measure, called from the update itself.
        window.__drawn = [];
        const measure = performance.measure.bind(performance);
        performance.measure = (name, ...rest) => {
          if (name === 'partlab-update') window.__drawn.push(window.__at());
          return measure(name, ...rest);
        };
      }),
    });
    await settle(page);
    await page.evaluate(() => {
      window.__writes.length = 0;
      window.__drawn.length = 0;
    });
    await page.click('#add-node');
    await page.waitForSelector('#node-remove-4');
    await settle(page);
    const { writes, drawn } = await page.evaluate(() => ({ writes: window.__writes, drawn: window.__drawn }));
    const joined = drawn.filter((d) => d.inFrame);
    assert.ok(joined.length >= 1, JSON.stringify(drawn));
    assert.equal(writes.length, 1, JSON.stringify(writes));
    const [write] = writes;
    assert.match(write.url, /[#&]n=inv-bcn,inv-vlc,inv-gir,inv-lle,inv-tar(&|$)/);
    // Not in an animation frame: in a task of its own, after the frame whose update drew the
    // join (the browser may render a frame more before it runs).
    assert.equal(write.inFrame, false, JSON.stringify(writes));
    assert.ok(write.renders >= joined[0].renders && write.t > joined[0].t, JSON.stringify({ writes, drawn }));
    // A reload right away finds the node there.
    await page.reload();
    await page.waitForSelector('#node-remove-4');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

/**
 * Page script (run before the page's own): records each timer or posted-message task of the
 * page in `window.__tasks`: its kind, whether it ended a study slice (a `partlab-study-work`
 * measure), whether it wrote to the page, and whether it added the study chapter's panels.
 */
function recordTasks() {
  const b = (window.__tasks = []);
  const writes = new MutationObserver(() => {});
  document.addEventListener('DOMContentLoaded', () =>
    writes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true }),
  );
  const slices = () => performance.getEntriesByName('partlab-study-work').length;
  const timed = (kind, f) =>
    function (...a) {
      writes.takeRecords();
      const before = slices();
      try {
        return f.apply(this, a);
      } finally {
        const records = writes.takeRecords();
        const mounted = records.some((r) =>
          [...r.addedNodes].some((n) => n.nodeType === 1 && (n.id === 'study-panels' || n.querySelector?.('#study-panels'))),
        );
        b.push({ kind, slice: slices() > before, wrote: records.length > 0, mounted });
      }
    };
  const st = window.setTimeout;
  window.setTimeout = (cb, ms, ...rest) => (typeof cb === 'function' ? st.call(window, timed('timer', cb), ms, ...rest) : st.call(window, cb, ms, ...rest));
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    configurable: true,
    get() {
      return onmessage.get.call(this);
    },
    set(f) {
      onmessage.set.call(this, typeof f === 'function' ? timed('posted', f) : f);
    },
  });
}

describe("study chapters' charts", () => {
  /** A fingerprint of every chart canvas's pixels, by its `data-chart` key. */
  const charts = (page) =>
    page.$$eval('canvas[data-chart]', (cs) =>
      Object.fromEntries(
        cs.map((c) => {
          const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
          let h = 0;
          for (let i = 0; i < d.length; i++) h = (Math.imul(h, 31) + d[i]) | 0;
          return [c.dataset.chart, `${c.width}×${c.height}:${h}`];
        }),
      ),
    );

  test("a study chapter's first render runs in tasks, each apart from the browser's layout of the part before", { timeout: 120_000 }, async () => {
    for (const chapter of ['routing', 'replication', 'hot-keys']) {
      const { page, errors, context } = await lab.open(`#c=${chapter}&l=en`, {
        initScript: withRenderClock(() => {
          // Each study frame's measure, stamped with whether it ran inside animation-frame
          // callbacks (whose rendering lays out what the frame wrote in the same task).
          const b = (window.__study = { frames: [] });
          const measure = Performance.prototype.measure;
          Performance.prototype.measure = function (name, ...rest) {
            if (name === 'partlab-study-frame') b.frames.push(window.__at().inFrame);
            return measure.call(this, name, ...rest);
          };
        }),
      });
      await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
      await page.waitForFunction(() => document.getElementById('app').getAttribute('data-busy') === 'false', null, { timeout: 60_000 });
      const frames = await page.evaluate(() => window.__study.frames);
      assert.ok(frames.length > 0, `${chapter}: no study frame measured`);
      assert.equal(frames[0], false, `${chapter}: the first frame is a task, not an animation frame`);
      if (chapter === 'routing') {
        // Its first render comes in several parts here: each one a task after a rendering.
        assert.ok(frames.length > 1, `routing drew in ${frames.length} frame(s)`);
        assert.deepEqual(frames, frames.map(() => false), `routing: every part of its first render in a task (${JSON.stringify(frames)})`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test("a slice of background work that fills its time draws in a task of its own", { timeout: 120_000 }, async () => {
    // Traces of cold loads: a unit of work before the engine optimised it, then the first
    // drawing of the charts it completed, in one task of 40–70 ms.
    const { page, errors, context } = await lab.open('#c=hash-keys&l=en', {
      initScript: recordTasks,
    });
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    await page.waitForFunction(() => document.getElementById('app').getAttribute('data-busy') === 'false', null, { timeout: 60_000 });
    const tasks = await page.evaluate(() => window.__tasks.filter((t) => t.slice));
    // Work alone: a timer task that ended a slice and wrote nothing.
    const alone = tasks.map((t, i) => [t, i]).filter(([t]) => t.kind === 'timer' && !t.wrote);
    assert.ok(alone.length > 0, `no slice of work without its drawing: ${JSON.stringify(tasks)}`);
    // Each is followed by its drawing, a posted task (which writes what changed, if anything).
    for (const [, i] of alone) {
      assert.equal(tasks[i + 1]?.kind, 'posted', `the drawing after slice ${i}: ${JSON.stringify(tasks.slice(i, i + 2))}`);
    }
    assert.ok(alone.some(([, i]) => tasks[i + 1]?.wrote), 'no drawing after a slice wrote anything');
    // The figures are there at the end, drawn.
    assert.ok((await page.$$('canvas[data-chart]')).length > 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a study module just compiled and started mounts its chapter in a task of its own', { timeout: 60_000 }, async () => {
    // Compiling the module's last part, starting it and mounting the chapter in one task made
    // tasks of 35–58 ms in traces of cold loads.
    const { page, errors, context } = await lab.open('#c=ranges&l=en', { initScript: recordTasks });
    await page.waitForSelector('#app[data-state="ready"]', { timeout: 60_000 });
    const mounts = await page.evaluate(() => window.__tasks.filter((t) => t.mounted));
    assert.deepEqual(mounts.map((t) => t.kind), ['posted'], JSON.stringify(mounts));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a slider step redraws the charts without reading their sizes from the page", { timeout: 120_000 }, async () => {
    const { page, errors, context } = await lab.open('#c=indexes&l=en&o=10000&d=2', {
      initScript: () => {
        // Reading a chart's box after the frame's writes lays the whole page out in the frame.
        window.__chartReads = 0;
        const read = Element.prototype.getBoundingClientRect;
        Element.prototype.getBoundingClientRect = function () {
          if (this.matches('canvas[data-chart]')) window.__chartReads += 1;
          return read.call(this);
        };
      },
    });
    await page.waitForSelector('#app[data-busy="false"]', { timeout: 90_000 });
    const first = await page.evaluate(() => window.__chartReads);
    assert.ok(first > 0, 'the first drawing reads each canvas once');
    const before = await charts(page);
    await page.focus('#ctl-n');
    await page.keyboard.press('ArrowRight');
    await settle(page);
    const after = await charts(page);
    const redrawn = Object.keys(after).filter((k) => after[k] !== before[k]);
    assert.ok(redrawn.length > 0, 'the step changed a chart');
    assert.equal(await page.evaluate(() => window.__chartReads), first);
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const chapter of ['routing', 'indexes', 'rebalancing', 'ranges']) {
    test(`${chapter}: once the chapter says it is idle, every chart shown is drawn at its size`, { timeout: 120_000 }, async () => {
      // A new canvas's chart is drawn a frame after its panel is written (so that reading
      // its size lays nothing out in the frame): the chapter must not say idle before then.
      const { page, errors, context } = await lab.open(`#c=${chapter}&l=en`);
      await page.waitForSelector('#app[data-busy="false"]', { timeout: 90_000 });
      const drawn = await page.$$eval('canvas[data-chart]', (cs) =>
        cs
          .filter((c) => c.getClientRects().length > 0)
          .map((c) => {
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let painted = 0;
            for (let i = 3; i < d.length; i += 4) if (d[i] > 0) painted += 1;
            return {
              key: c.dataset.chart,
              css: Math.round(c.getBoundingClientRect().width * devicePixelRatio),
              backing: c.width,
              painted,
            };
          }),
      );
      assert.ok(drawn.length > 0, 'the chapter shows charts');
      for (const c of drawn) {
        assert.equal(c.backing, c.css, `${c.key}: backing store at the canvas's width`);
        assert.ok(c.painted > 0, `${c.key}: drawn`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('a chart whose box changes without a window resize is drawn again at its new size', { timeout: 120_000 }, () =>
    lab.visit('#c=indexes&l=en&o=10000&d=2', async ({ page }) => {
      await page.waitForSelector('#app[data-busy="false"]', { timeout: 90_000 });
      const sizes = () =>
        page.$$eval('canvas[data-chart]', (cs) =>
          cs
            .filter((c) => c.getClientRects().length > 0)
            .map((c) => ({ key: c.dataset.chart, css: Math.round(c.getBoundingClientRect().width * devicePixelRatio), backing: c.width })),
        );
      const wide = await sizes();
      assert.ok(wide.length > 0);
      for (const s of wide) assert.equal(s.backing, s.css, s.key);
      // A narrower column, as a panel opened beside the charts or a scrollbar would make it.
      await page.$eval('#study-panels', (p) => {
        p.style.width = '480px';
      });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await settle(page);
      const narrow = await sizes();
      for (const s of narrow) assert.equal(s.backing, s.css, s.key);
      assert.ok(narrow[0].css < wide[0].css, `${narrow[0].css} < ${wide[0].css}`);
    }));
});
