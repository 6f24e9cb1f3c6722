#!/usr/bin/env node
// Speed of the lab in the browser: a BENCHMARK, not a test (it is not named *.test.mjs, so the
// test suite never runs it, and it never fails on a missed target: it reports it).
//
// Drives the release page in Debian's Chromium (playwright-core) the way a user does (keyboard
// on the sliders, clicks on "add node", typing a node's name) and prints a markdown table, each
// figure the median and p95 of repeated runs:
//   - slider step → whole update (the page's own `partlab-update` performance measure: the
//     recompute plus every redraw), 100 000 and 1 000 000 keys on 4 nodes × 1000 vnodes;
//   - a node joins (click on #add-node): update with the moved-keys highlight, 100 000 keys;
//   - the deviation chart's sweep (the page slices it, one point per setTimeout task):
//     time to the 11th point, the longest slice, the longest Long Task (Long Tasks API);
//   - first load to the first drawn ring; the wasm's size raw and compressed;
//   - the wasm linear memory after a 1 000 000-key run.
// With --native FILE (the output of `cargo bench -p partlab-core --bench core`) it also shows the native
// core's time for the same computation and the ratio.
//
// Usage (scripts/bench.sh does all of it: build, serve, cargo bench, this):
//   node tests/e2e/bench.mjs [--url http://127.0.0.1:PORT/] [--dist DIR] [--native FILE]
//                            [--quick] [--json FILE]
// Without --url it serves --dist (default dist/) itself with tests/e2e/server.mjs.
//
// Instrumentation (an init script, before any page script): a PerformanceObserver for
// `longtask` (the `partlab-update` measures and the page's `data-timing` stages are read
// after each update), a MutationObserver on the charts' `data-points`, the
// `TrunkApplicationStarted` event (its detail carries the wasm exports, hence the memory),
// and a thin wrapper around window.setTimeout that times each callback (the sweep slices).
// Everything in the page is timed with performance.now(); the waits use requestAnimationFrame
// polling, never the page's setTimeout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS as HARNESS_CHROMIUM_ARGS } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '..', '..');

// --- options -----------------------------------------------------------------------------------
const opts = { url: null, dist: path.join(ROOT, 'dist'), native: null, quick: false, json: null };
{
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = () => {
      if (i + 1 >= args.length) usage(`${a} needs a value`);
      return args[++i];
    };
    if (a === '--url') opts.url = value();
    else if (a === '--dist') opts.dist = path.resolve(value());
    else if (a === '--native') opts.native = value();
    else if (a === '--json') opts.json = value();
    else if (a === '--quick') opts.quick = true;
    else usage(`unknown argument ${a}`);
  }
}
function usage(msg) {
  console.error(`bench: ${msg}`);
  console.error('usage: node tests/e2e/bench.mjs [--url URL] [--dist DIR] [--native FILE] [--quick] [--json FILE]');
  process.exit(2);
}

const RUNS = opts.quick
  ? { loads: 4, warm: 3, slider: 10, join: 8, sweeps: 3, joinSweeps: 2 }
  : { loads: 12, warm: 6, slider: 40, join: 30, sweeps: 20, joinSweeps: 6 };

/** The harness's Chromium flags, plus precise memory figures for the heap row. */
const CHROMIUM_ARGS = [...HARNESS_CHROMIUM_ARGS, '--enable-precise-memory-info'];
const NODES = 'inv-bcn,inv-vlc,inv-gir,inv-lle';
const log = (...a) => console.error('[bench]', ...a);

// --- statistics and formatting -------------------------------------------------------------------
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
/** Nearest-rank percentile. */
function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
const fmt = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const mib = (n) => `${(n / 1048576).toFixed(1)} MB`;

// --- the page's instrumentation -----------------------------------------------------------------
function instrument() {
  const b = {
    longtasks: [],
    ticks: [],
    events: [],
    points: { deviation: [], movement: [] },
    memory: null,
    started: null,
    afterFirstFrame: null,
  };
  Object.defineProperty(window, '__bench', { value: b });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.longtasks.push({ start: e.startTime, dur: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    b.longtaskApi = true;
  } catch {
    b.longtaskApi = false;
  }
  // Each setTimeout callback's duration: the page runs one sweep point per callback.
  const st = window.setTimeout;
  window.setTimeout = function setTimeout(cb, ms, ...rest) {
    if (typeof cb !== 'function') return st.call(window, cb, ms, ...rest);
    return st.call(
      window,
      function timed(...a) {
        const t0 = performance.now();
        try {
          return cb.apply(this, a);
        } finally {
          b.ticks.push({ start: t0, dur: performance.now() - t0 });
        }
      },
      ms,
      ...rest,
    );
  };
  for (const type of ['keydown', 'mousedown']) {
    window.addEventListener(type, (e) => b.events.push({ type, t: e.timeStamp }), true);
  }
  new MutationObserver((records) => {
    const t = performance.now();
    for (const r of records) {
      const id = r.target.id;
      if (id === 'deviation-chart' || id === 'movement-chart') {
        b.points[id.split('-')[0]].push({ t, n: Number(r.target.getAttribute('data-points')) });
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-points'] });
  window.addEventListener('TrunkApplicationStarted', (e) => {
    b.started = performance.now();
    b.memory = e.detail?.wasm?.memory ?? null;
    // The frame after the first update: its canvas content reaches the screen with it.
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        b.afterFirstFrame = performance.now();
      };
      ch.port2.postMessage(0);
    });
  });
}

/** All `partlab-update` measures so far: { start, dur, end }. */
const measures = (page) =>
  page.evaluate(() =>
    performance.getEntriesByName('partlab-update').map((e) => ({ start: e.startTime, dur: e.duration, end: e.startTime + e.duration })),
  );

async function waitReady(page) {
  const h = await page.waitForFunction(
    () => {
      const app = document.getElementById('app');
      const s = app?.getAttribute('data-state');
      if (s === 'crashed') return `crashed: ${app.textContent.slice(0, 300)}`;
      return s === 'ready' && window.__bench?.started != null ? 'ready' : false;
    },
    null,
    { timeout: 60_000 },
  );
  const r = await h.jsonValue();
  if (r !== 'ready') throw new Error(`the page did not start: ${r}`);
}

/**
 * Waits until both chart sweeps are complete for the current state. The page keeps a stale
 * sweep drawn (with its point count) while the new one computes; only the status line tells
 * them apart: empty when the deviation sweep is done, "Computing… n/9" ("Calculant…") while
 * the movement sweep runs.
 */
async function waitSweeps(page, timeout = 120_000) {
  await page.waitForFunction(
    () =>
      document.getElementById('deviation-chart')?.getAttribute('data-points') === '11' &&
      document.getElementById('deviation-status')?.textContent.trim() === '' &&
      document.getElementById('movement-chart')?.getAttribute('data-points') === '9' &&
      !document.getElementById('movement-status')?.textContent.includes('…'),
    null,
    { timeout },
  );
}

/** Runs `action` and waits for the next `partlab-update` measure; returns it and the latency. */
async function updateAfter(page, action, eventType) {
  const before = await page.evaluate(() => ({
    n: performance.getEntriesByName('partlab-update').length,
    e: window.__bench.events.length,
  }));
  await action();
  await page.waitForFunction((n) => performance.getEntriesByName('partlab-update').length > n, before.n, {
    timeout: 60_000,
  });
  return page.evaluate(
    ([n, e, type]) => {
      const m = performance.getEntriesByName('partlab-update')[n];
      const ev = window.__bench.events.slice(e).find((x) => x.type === type);
      return {
        dur: m.duration,
        end: m.startTime + m.duration,
        latency: ev ? m.startTime + m.duration - ev.t : NaN,
        frameMs: Number(document.getElementById('app').getAttribute('data-frame-ms')),
        // The page's per-stage times of the last update ("update:1.2 ring:3.4 …"), if any.
        stages: Object.fromEntries(
          (document.getElementById('app').getAttribute('data-timing') ?? '')
            .split(/\s+/)
            .filter((x) => x.includes(':'))
            .map((x) => [x.split(':')[0], Number(x.split(':')[1])]),
        ),
      };
    },
    [before.n, before.e, eventType],
  );
}

async function heap(page) {
  return page.evaluate(() => ({
    wasm: window.__bench.memory?.buffer?.byteLength ?? null,
    js: performance.memory?.usedJSHeapSize ?? null,
    jsTotal: performance.memory?.totalJSHeapSize ?? null,
  }));
}

// --- sections ------------------------------------------------------------------------------------
async function newPage(browser, origin) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await context.addInitScript(instrument);
  // Nothing may leave the machine.
  await context.route((u) => !['data:', 'blob:'].includes(u.protocol) && u.origin !== origin, (r) => r.abort('blockedbyclient'));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
  });
  return { context, page, errors };
}

/** Fresh contexts (empty cache): navigation start → first update, first frame, sweep done. */
async function firstLoads(browser, url, origin) {
  const out = { update: [], frame: [], wasmFetched: [], firstUpdateDur: [], devDone: [], errors: [] };
  for (let i = 0; i < RUNS.loads; i++) {
    const { context, page, errors } = await newPage(browser, origin);
    await page.goto(url, { waitUntil: 'load' });
    await waitReady(page);
    await page.waitForFunction(() => window.__bench.afterFirstFrame != null, null, { timeout: 10_000 });
    await page.waitForSelector('#deviation-chart[data-points="11"]', { timeout: 60_000 });
    const r = await page.evaluate(() => {
      const m = performance.getEntriesByName('partlab-update')[0];
      const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
      const dev = window.__bench.points.deviation.find((p) => p.n === 11);
      return {
        update: m.startTime + m.duration,
        firstUpdateDur: m.duration,
        frame: window.__bench.afterFirstFrame,
        wasmFetched: wasm ? wasm.responseEnd : NaN,
        devDone: dev ? dev.t : NaN,
      };
    });
    for (const k of ['update', 'frame', 'wasmFetched', 'firstUpdateDur', 'devDone']) out[k].push(r[k]);
    out.errors.push(...errors);
    await context.close();
  }
  return out;
}

/** Alternates the vnodes slider between its 700 and 1000 stops with the keyboard. */
async function sliderSteps(page, count, warm) {
  await page.focus('#vnodes');
  const durs = [];
  const lat = [];
  const stages = [];
  let key = 'ArrowLeft'; // starts at 1000 (the last stop)
  let firstMeasuredStart = null;
  for (let i = 0; i < warm + count; i++) {
    const r = await updateAfter(page, () => page.keyboard.press(key), 'keydown');
    const want = key === 'ArrowLeft' ? '700' : '1000';
    const got = await page.getAttribute('#vnodes', 'aria-valuetext');
    // The value text reads e.g. "700 (virtual nodes per node)": compare its number.
    if (got?.match(/^[\d,.]+/)?.[0].replace(/[,.]/g, "") !== want) throw new Error(`vnodes slider: expected ${want}, the page shows ${got}`);
    if (i >= warm) {
      durs.push(r.dur);
      lat.push(r.latency);
      stages.push(r.stages);
      firstMeasuredStart ??= r.end - r.dur - 50;
    }
    key = key === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
    // Slower than a drag, faster than the sweeps' 250 ms debounce: no sweep runs in between.
    await page.waitForTimeout(30);
  }
  // Back to 1000 vnodes.
  if (key === 'ArrowRight') await updateAfter(page, () => page.keyboard.press('ArrowRight'), 'keydown');
  // Long tasks during the measured steps, each with what it contained: an update (the
  // `partlab-update` measure inside it), a timer callback, or neither (other work, or the
  // renderer waiting for a CPU on a busy machine).
  const longTasks = await page.evaluate((t0) => {
    const b = window.__bench;
    const ms = performance.getEntriesByName('partlab-update');
    return b.longtasks
      .filter((l) => l.start >= t0)
      .map((l) => {
        const inside = (x, d) => x >= l.start - 1 && x + d <= l.start + l.dur + 1;
        const m = ms.find((e) => inside(e.startTime, e.duration));
        const t = b.ticks.find((x) => inside(x.start, x.dur));
        return { dur: l.dur, update: m ? m.duration : null, timer: t ? t.dur : null };
      });
  }, firstMeasuredStart);
  return { durs, lat, stages, longTasks };
}

/** Click "add node" (4 → 5), then remove it again (5 → 4), `count` times. */
async function joins(page, count, warm) {
  const join = [];
  const joinLat = [];
  const leave = [];
  const joinStages = [];
  let moved = null;
  let movedDots = null;
  for (let i = 0; i < warm + count; i++) {
    const j = await updateAfter(page, () => page.click('#add-node'), 'mousedown');
    const seen = await page.evaluate(() => ({
      rows: document.querySelectorAll('#node-list [data-role="remove"]').length,
      moved: document.querySelector('[data-figure="moved"]')?.getAttribute('data-value'),
      dots: document.getElementById('ring')?.getAttribute('data-moved-dots'),
    }));
    if (seen.rows !== 5) throw new Error(`add node: expected 5 nodes, the page lists ${seen.rows}`);
    moved = seen.moved;
    movedDots = seen.dots;
    const l = await updateAfter(page, () => page.click('#node-list [data-role="remove"][data-idx="4"]'), 'mousedown');
    if (i >= warm) {
      joinStages.push(j.stages);
      join.push(j.dur);
      joinLat.push(j.latency);
      leave.push(l.dur);
    }
    await page.waitForTimeout(30);
  }
  return { join, joinLat, leave, stages: joinStages, moved, movedDots };
}

/**
 * Times the chart sweeps that follow a change: `change(i)` makes the change (through the UI)
 * and returns its update (from updateAfter); `undo(i)`, if given, puts the page back and waits
 * for the sweeps again, untimed. Run 0 is a warm-up.
 */
async function sweeps(page, count, change, undo) {
  const res = { compute: [], withDebounce: [], longestSlice: [], longestTask: [], mvCompute: [], mvDone: [], mvSlice: [], mvLongestTask: [] };
  for (let i = 0; i < count + 1; i++) {
    const t = await page.evaluate(() => ({
      ticks: window.__bench.ticks.length,
      dev: window.__bench.points.deviation.length,
      mv: window.__bench.points.movement.length,
    }));
    const u = await change(i);
    await waitSweeps(page);
    const r = await page.evaluate(
      ([t0, changeEnd]) => {
        const b = window.__bench;
        const dev = b.points.deviation.slice(t0.dev).filter((p) => p.t > changeEnd);
        const mv = b.points.movement.slice(t0.mv).filter((p) => p.t > changeEnd);
        const ticks = b.ticks.slice(t0.ticks).filter((x) => x.start >= changeEnd);
        const firstPoint = dev.find((p) => p.n === 1);
        if (!firstPoint) return { debug: JSON.stringify({ changeEnd, dev, mv }) };
        const devDone = dev.find((p) => p.n === 11 && p.t >= firstPoint.t);
        const mvDone = mv.find((p) => p.n === 9 && p.t >= devDone.t);
        // The slice that computed the first point: the last one that started before it showed.
        const first = ticks.filter((x) => x.start <= firstPoint.t).at(-1);
        const inDev = ticks.filter((x) => x.start >= first.start && x.start < devDone.t);
        const inMv = ticks.filter((x) => x.start >= devDone.t && x.start < mvDone.t);
        const overlap = (a, z) =>
          b.longtasks.filter((l) => l.start < z && l.start + l.dur > a).reduce((m, l) => Math.max(m, l.dur), 0);
        return {
          compute: devDone.t - first.start,
          withDebounce: devDone.t - changeEnd,
          longestSlice: Math.max(...inDev.map((x) => x.dur)),
          longestTask: overlap(first.start, devDone.t),
          mvCompute: mvDone.t - devDone.t,
          mvDone: mvDone.t - changeEnd,
          mvSlice: Math.max(0, ...inMv.map((x) => x.dur)),
          mvLongestTask: overlap(devDone.t, mvDone.t),
        };
      },
      [t, u.end],
    );
    if (r.debug) throw new Error(`no new sweep after the change: ${r.debug}`);
    if (undo) await undo(i);
    if (i === 0) continue; // warm-up
    for (const k of Object.keys(res)) res[k].push(r[k]);
  }
  return res;
}

/** Renames the last node back and forth: a new sweep each time, same work (4 nodes). */
async function renameSweeps(page, count) {
  const sel = '#node-list [data-role="name"][data-idx="3"]';
  return sweeps(page, count, async (i) => {
    const name = i % 2 === 0 ? 'inv-lle-b' : 'inv-lle';
    const u = await updateAfter(
      page,
      async () => {
        await page.fill(sel, name);
        await page.press(sel, 'Enter');
      },
      'keydown',
    );
    // The keys-per-node table lists the new name: the rename was applied, not just typed.
    await page.waitForSelector(`#dist-table tr[data-node="${name}"]`, { timeout: 5_000 });
    return u;
  });
}

/** A node joins (4 → 5) and both charts are recomputed for 5 nodes; then it leaves again. */
async function joinSweeps(page, count) {
  return sweeps(
    page,
    count,
    () => updateAfter(page, () => page.click('#add-node'), 'mousedown'),
    async () => {
      await updateAfter(page, () => page.click('#node-list [data-role="remove"][data-idx="4"]'), 'mousedown');
      await page.waitForTimeout(300);
      await waitSweeps(page);
    },
  );
}

/**
 * The same frame with nothing to recompute: a `resize` event makes the page redraw everything
 * (controls, ring, figures, tables, charts) on the next frame without applying a message.
 */
async function redraws(page, count, warm) {
  const durs = [];
  for (let i = 0; i < warm + count; i++) {
    const r = await updateAfter(page, () => page.evaluate(() => window.dispatchEvent(new Event('resize'))), 'none');
    if (i >= warm) durs.push(r.dur);
    await page.waitForTimeout(20);
  }
  return durs;
}

// --- native figures ------------------------------------------------------------------------------
function parseNative(file) {
  if (!file || !fs.existsSync(file)) return null;
  const rows = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^\|\s*(.+?)\s*\|\s*([\d.]+)\s*\|\s*([\d.]+)\s*\|\s*([\d.]+)\s*\|/.exec(line);
    if (m) rows[m[1]] = { median: Number(m[2]), min: Number(m[3]), p90: Number(m[4]) };
  }
  const find = (re) => Object.entries(rows).find(([k]) => re.test(k))?.[1]?.median ?? NaN;
  const build = find(/build the ring/);
  const a100k = find(/assign 100 000 hashed keys/);
  const a1m = find(/assign 1 000 000 hashed keys/);
  const move = find(/movement 4 → 5/);
  const stats = find(/distribution statistics/);
  const sweep = find(/deviation sweep/);
  return {
    rows,
    // What one update recomputes (Lab::apply): ring, assignment, statistics, movement.
    update100k: build + a100k + stats + move,
    // 1M: statistics and movement scale with the keys (10 × their 100 000-key figures).
    update1m: build + a1m + 10 * (stats + move),
    join100k: build * 1.25 + a100k + stats + move,
    sweep,
  };
}

// --- main ----------------------------------------------------------------------------------------
async function main() {
  const wasmFiles = fs.existsSync(opts.dist) ? fs.readdirSync(opts.dist).filter((f) => f.endsWith('.wasm')) : [];
  if (!wasmFiles.length) throw new Error(`no .wasm in ${opts.dist}: build the page first (scripts/build.sh)`);
  const sizes = wasmFiles.map((f) => {
    const buf = fs.readFileSync(path.join(opts.dist, f));
    return {
      file: f,
      raw: buf.length,
      gzip6: zlib.gzipSync(buf, { level: 6 }).length,
      gzip9: zlib.gzipSync(buf, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(buf).length,
    };
  });
  const pageFiles = fs
    .readdirSync(opts.dist)
    .filter((f) => /\.(html|js|css|svg)$/.test(f) && !f.includes('standalone'))
    .map((f) => fs.readFileSync(path.join(opts.dist, f)));
  const otherGzip = pageFiles.reduce((s, b) => s + zlib.gzipSync(b, { level: 6 }).length, 0);

  let server = null;
  let url = opts.url;
  if (!url) {
    const { startServer } = await import('./server.mjs');
    server = await startServer({ root: opts.dist });
    url = server.url;
  }
  const origin = new URL(url).origin;
  const executablePath = process.env.PARTLAB_CHROMIUM ?? '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  const load0 = os.loadavg();
  const started = Date.now();
  const errors = [];
  const R = { version: browser.version() };
  try {
    log(`Chromium ${browser.version()}, ${url}, ${opts.quick ? 'quick' : 'full'} run`);

    log(`first load × ${RUNS.loads}`);
    R.load = await firstLoads(browser, url, origin);
    errors.push(...R.load.errors);

    log('100 000 keys, 4 × 1000 vnodes: waiting for the first sweeps');
    const p1 = await newPage(browser, origin);
    await p1.page.goto(`${url}#s=ring&n=${NODES}&v=1000&k=100000&r=1&l=en`);
    await waitReady(p1.page);
    await waitSweeps(p1.page);
    R.heap100k = await heap(p1.page);
    log(`vnodes slider × ${RUNS.slider} (+${RUNS.warm} warm-up)`);
    R.slider100k = await sliderSteps(p1.page, RUNS.slider, RUNS.warm);
    log(`node joins × ${RUNS.join} (+3 warm-up)`);
    R.join = await joins(p1.page, RUNS.join, 3);
    await p1.page.waitForTimeout(300);
    await waitSweeps(p1.page);
    R.hasStages = Number.isFinite(R.slider100k.stages[0]?.update);
    if (!R.hasStages) {
      log(`no per-stage timings on #app: redraw only × ${RUNS.slider} (+${RUNS.warm} warm-up)`);
      R.redraw100k = await redraws(p1.page, RUNS.slider, RUNS.warm);
    }
    log(`sweeps after a rename × ${RUNS.sweeps} (+1 warm-up)`);
    R.sweep = await renameSweeps(p1.page, RUNS.sweeps);
    log(`sweeps after a join × ${RUNS.joinSweeps} (+1 warm-up)`);
    R.joinSweep = await joinSweeps(p1.page, RUNS.joinSweeps);
    R.longtaskApi = await p1.page.evaluate(() => window.__bench.longtaskApi);
    R.heap100kAfter = await heap(p1.page);
    errors.push(...p1.errors);
    await p1.context.close();

    log('1 000 000 keys, 4 × 1000 vnodes');
    const p2 = await newPage(browser, origin);
    await p2.page.goto(`${url}#s=ring&n=${NODES}&v=1000&k=1000000&r=1&l=en`);
    await waitReady(p2.page);
    const first1m = (await measures(p2.page))[0];
    await waitSweeps(p2.page);
    R.sweep1m = await p2.page.evaluate(() => window.__bench.points.deviation.find((p) => p.n === 11)?.t);
    R.first1m = first1m;
    log(`vnodes slider × ${RUNS.slider} (+${RUNS.warm} warm-up)`);
    R.slider1m = await sliderSteps(p2.page, RUNS.slider, RUNS.warm);
    if (!R.hasStages) {
      log(`redraw only × ${RUNS.slider} (+${RUNS.warm} warm-up)`);
      R.redraw1m = await redraws(p2.page, RUNS.slider, RUNS.warm);
    }
    await p2.page.waitForTimeout(300);
    await waitSweeps(p2.page);
    R.heap1m = await heap(p2.page);
    // The value text reads e.g. "1,000,000 (keys)": keep the number.
    R.keys1m = (await p2.page.getAttribute('#keys', 'aria-valuetext'))?.match(/^[\d,.]+/)?.[0];
    errors.push(...p2.errors);
    await p2.context.close();
  } finally {
    await browser.close();
    if (server) await server.close();
  }
  const load1 = os.loadavg();
  const native = parseNative(opts.native);

  // --- the table ---
  const rows = [];
  const ok = (value, target) => (Number.isFinite(value) ? (value <= target ? 'met' : '**MISSED**') : 'n/a');
  const row = (what, xs, target, nat, unit = 'ms') => {
    const med = median(xs);
    const p95 = pct(xs, 95);
    const tgt = target ? `${target.on} ≤ ${target.max} ${unit}` : '';
    const status = target ? ok(target.on === 'median' ? med : p95, target.max) : '';
    const natCell = Number.isFinite(nat) ? fmt(nat, 2) : '';
    const ratio = Number.isFinite(nat) && nat > 0 ? `${fmt(med / nat, 1)}×` : '';
    rows.push([what, String(xs.length), fmt(med), fmt(p95), tgt, status, natCell, ratio]);
  };
  const single = (what, value, target, status) => rows.push([what, '1', value, '', target, status, '', '']);

  const derived = (what, value, nat) =>
    rows.push([what, '', fmt(value), '', '', '', Number.isFinite(nat) ? fmt(nat, 2) : '', Number.isFinite(nat) && nat > 0 ? `${fmt(value / nat, 1)}×` : '']);

  // Recompute vs redraw: the page's per-stage timings (data-timing on #app: `update` is the
  // core's work for the message, the other stages are drawing), or else a redraw-only frame.
  const split = (r, redraw, nat) => {
    if (R.hasStages) {
      const st = r.stages;
      const draw = ['controls', 'ring', 'texts', 'bars', 'deviation', 'movement']
        .map((k) => `${k} ${fmt(median(st.map((x) => x[k] ?? NaN)))}`)
        .join(', ');
      row("  of which recompute (the page's `update` stage: the core's work for the message)", st.map((x) => x.update), null, nat);
      row(`  of which redraw (update − recompute; medians by stage: ${draw})`, r.durs.map((d, i) => d - st[i].update), null);
    } else if (redraw) {
      row('  redraw only (a resize event: the same frame, nothing recomputed)', redraw, null);
      derived('  ≈ recompute in wasm (median update − median redraw)', median(r.durs) - median(redraw), nat);
    }
  };

  row('slider step → figures + ring + charts redrawn (`partlab-update` measure), 100 000 keys, 4 × 1000 vnodes', R.slider100k.durs, { on: 'p95', max: 16 }, native?.update100k);
  split(R.slider100k, R.redraw100k, native?.update100k);
  row('  keydown → end of that update (includes waiting for the animation frame)', R.slider100k.lat, null);
  row('slider step → update, 1 000 000 keys, 4 × 1000 vnodes', R.slider1m.durs, { on: 'p95', max: 100 }, native?.update1m);
  split(R.slider1m, R.redraw1m, native?.update1m);
  row('  keydown → end of that update', R.slider1m.lat, null);
  row('node joins (click "add node", 4 → 5): update with moved-keys highlight + flow, 100 000 keys', R.join.join, { on: 'p95', max: 16 }, native?.join100k);
  if (R.hasStages) split({ durs: R.join.join, stages: R.join.stages }, null, native?.join100k);
  row('  mousedown → end of that update', R.join.joinLat, null);
  row('  node leaves again (5 → 4, remove button)', R.join.leave, null);
  row('  join → deviation chart complete (5 nodes; incl. the 250 ms debounce)', R.joinSweep.withDebounce, null);
  row('  join → movement chart complete (it follows the deviation sweep)', R.joinSweep.mvDone, null);
  row('deviation sweep, 11 vnode counts × 16 trials × 100 000 keys (after a rename): first slice → 11th point', R.sweep.compute, { on: 'p95', max: 1000 }, native?.sweep);
  row("  same, from the change (includes the page's 250 ms debounce)", R.sweep.withDebounce, { on: 'p95', max: 1000 });
  row('  longest slice (one setTimeout task) during the sweep', R.sweep.longestSlice, { on: 'p95', max: 50 });
  row('  longest Long Task during the sweep (Long Tasks API; 0 = none ≥ 50 ms)', R.sweep.longestTask, { on: 'p95', max: 50 });
  row('movement sweep that follows (9 points N → N+1, 4 strategies, 100 000 keys, 1000 vnodes)', R.sweep.mvCompute, null);
  row('  its longest slice or Long Task (0 = none)', R.sweep.mvSlice.map((x, i) => Math.max(x, R.sweep.mvLongestTask[i])), { on: 'p95', max: 50 });
  row('first load (fresh context) → end of the first `partlab-update` (ring drawn)', R.load.update, { on: 'p95', max: 500 });
  row('  → end of the next animation frame (the ring on screen)', R.load.frame, null);
  row('  of which: wasm fetched (resource responseEnd)', R.load.wasmFetched, null);
  row('  of which: the first update itself', R.load.firstUpdateDur, null);
  row('  → deviation chart complete (cold engine, incl. 250 ms debounce)', R.load.devDone, null);
  const s0 = sizes[0];
  single(`wasm size gzip -6 (${s0.file}; raw ${kb(s0.raw)}, gzip -9 ${kb(s0.gzip9)}, brotli ${kb(s0.brotli)})`, kb(s0.gzip6), '≤ 300 KB', s0.gzip6 <= 300 * 1024 ? 'met' : '**MISSED**');
  single('  rest of the page gzip -6 (html, js glue, css, svg)', kb(otherGzip), '', '');
  const wasmMem = R.heap1m.wasm;
  single(`wasm memory after a 1 000 000-key run (${R.keys1m} keys; slider run + sweeps)`, wasmMem == null ? 'n/a' : mib(wasmMem), '≤ 64 MB', wasmMem == null ? 'n/a' : wasmMem <= 64 * 1048576 ? 'met' : '**MISSED**');
  single('  JS heap used then (performance.memory)', R.heap1m.js == null ? 'n/a' : mib(R.heap1m.js), '', '');
  single('  wasm memory with 100 000 keys (after load / after the runs above)', `${R.heap100k.wasm == null ? 'n/a' : mib(R.heap100k.wasm)} / ${R.heap100kAfter.wasm == null ? 'n/a' : mib(R.heap100kAfter.wasm)}`, '', '');

  const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const lines = [];
  lines.push(`Partlab in the browser: Chromium ${'{version}'} headless, release build served on 127.0.0.1, viewport 1280 × 800 at DPR 1, ${when}`);
  lines.push(`(${os.cpus().length} CPUs; load average ${load0.map((x) => x.toFixed(2)).join(' ')} at the start, ${load1.map((x) => x.toFixed(2)).join(' ')} at the end; ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  lines.push('');
  lines.push('| measure | runs | median ms | p95 ms | target | | native core ms | page / native |');
  lines.push('|---|--:|--:|--:|---|---|--:|--:|');
  for (const r of rows) lines.push(`| ${r.join(' | ')} |`);
  lines.push('');
  const ltText = (lts) => {
    if (!lts.length) return 'none';
    const kinds = lts.map((l) =>
      l.update != null ? `${fmt(l.dur, 0)} (an update of ${fmt(l.update, 0)})` : l.timer != null ? `${fmt(l.dur, 0)} (a timer callback of ${fmt(l.timer, 0)})` : `${fmt(l.dur, 0)} (neither)`,
    );
    return `${lts.length}: ${kinds.join(', ')} ms`;
  };
  lines.push('Notes:');
  lines.push(`- Slider steps alternate the vnodes slider between its 700 and 1000 stops (keyboard on the focused range); each figure is the page's \`partlab-update\` measure (mark at the start of the animation-frame callback, measure at its end: applying the message in the core, then every redraw: controls, ring canvas, figures and tables, bars, deviation and movement charts).`);
  lines.push(`- ${R.hasStages ? "Recompute and redraw come from the page's per-stage timings (\`data-timing\` on #app, written with each update: \`update\` = applying the message in the core, then one stage per redrawn part)." : 'The page gives no mark between recompute and redraw, so the recompute is estimated as the median update minus the median of a redraw-only frame (a \`resize\` event: the page redraws everything without applying a message).'} "native core" is the core's time for the same computation (\`cargo bench -p partlab-core --bench core\`: ring build + assignment + statistics + movement; for 1 000 000 keys, statistics and movement taken as 10 × their 100 000-key figures; for a join, 1.25 × the 4-node ring build); "page / native" divides the row's median by it: on the update rows that includes the drawing, on the recompute rows it is the wasm/native ratio. The sweep compares like with like (both compute the same 11 × 16 rings; trials = clamp(80 000 / Σ(weight × 1000), 4, 16) = 16 for 4 nodes of weight 1, read from crates/partlab-lab/src/model.rs, the page does not show it), except that the page also redraws the chart after each point.`);
  lines.push(`- Sweep slices are timed by wrapping window.setTimeout (the page computes one point per timer task); Long Tasks are reported only from 50 ms up${R.longtaskApi ? '' : ' (this Chromium has no Long Tasks API: that row is meaningless)'}. Long tasks during the measured slider steps, 100 000 keys: ${ltText(R.slider100k.longTasks)}; 1 000 000 keys: ${ltText(R.slider1m.longTasks)}. Deviation sweep with 1 000 000 keys on load: 11th point at ${fmt(R.sweep1m)} ms after navigation start (first update ${fmt(R.first1m?.dur)} ms, ending at ${fmt(R.first1m?.end)} ms).`);
  lines.push(`- A join moved ${R.join.moved ?? '?'} % of the keys; the ring showed ${R.join.movedDots ?? '?'} moved sample keys ringed in their old owner's colour. The charts are sweeps of their own: in the join's frame they keep the previous sweep on screen, marked "Computing…", and the new sweeps start 250 ms after the change, the movement one after the deviation one (the "join →" rows; a sweep is done when it has all its points and the status line no longer says "Computing…").`);
  lines.push(`- Sizes are computed from ${path.relative(process.cwd(), opts.dist) || '.'} with Node's zlib; the test server sends files uncompressed. Memory: the wasm linear memory is \`memory.buffer.byteLength\` of the exports that Trunk's loader passes in \`TrunkApplicationStarted\` (it never shrinks, so it is the peak); MB = 2^20 bytes.`);
  if (errors.length) lines.push(`- The page reported errors: ${[...new Set(errors)].slice(0, 5).join('; ')}`);
  const text = lines.join('\n').replace('{version}', R.version ?? '');
  return { text, R, sizes, native };
}

const { text, R, sizes, native } = await main().catch((e) => {
  console.error(`bench: ${e.stack ?? e}`);
  process.exit(1);
});
console.log(text);
if (opts.json) fs.writeFileSync(opts.json, JSON.stringify({ results: R, sizes, native }, null, 2));
