#!/usr/bin/env node
// Speed of the lab in the browser: a BENCHMARK, not a test (it is not named *.test.mjs, so the
// test suite never runs it, and it never fails on a missed target: it reports it).
//
// Drives the release page in Debian's Chromium (playwright-core) the way a user does (keyboard
// on the sliders, clicks on "add node", typing a node's name) and prints a markdown table, each
// figure the median and p95 of repeated runs, each row numbered; the notes under the table say
// how to reproduce each row by hand:
//   [1]–[4] slider step and node join → everything updated (from the start of the frame that
//     applies the input to the end of the frame that draws the result: the page's
//     `partlab-update` measures), 100 000 and 1 000 000 keys on 4 nodes × 1000 vnodes, and the
//     100 000-key rows again with Chromium's CPU throttled 4× (CDP
//     `Emulation.setCPUThrottlingRate`); under each, the same to that frame rendered: to a
//     message the update's end posts, which runs once the browser has laid out, painted and
//     committed the frame (the canvases are rasterised there, out of the measure's sight);
//   [5]–[6] the key count changed to 1 000 000 (the lab's cap, the largest accepted) and a
//     1 000 000-key address opened: the longest task while it hashes, the progress notes
//     seen, the longest gap between two frames;
//   [7] the worst accepted configuration of each strategy: loaded 3 times (one load's longest
//     task is mostly noise on a shared machine), then a weight drag on the last load;
//     longest task, time to done, peak wasm memory; and the ring's at a device pixel ratio of
//     2, with the charts' sweeps done before and after the drag;
//   [8] 200 address changes written by a script in one go (hashchange events);
//   [9] the deviation and movement sweeps (sliced): time, longest slice;
//   [10]–[12] first load to the ring on screen (on localhost, then over two emulated mobile
//     links, gzipped as GitHub Pages serves the files); the wasm's size; the wasm memory.
//   [13]… every other chapter of the chapter bar: its first render, and its main control's step
//     (the frame that applies it, then its background work to the end, and the longest task).
// With --native FILE (the output of `cargo bench -p partlab-core --bench core`) it also shows the native
// core's time for the same computation and the ratio.
//
// Usage (scripts/bench.sh does all of it: build, serve, cargo bench, this):
//   node tests/e2e/bench.mjs [--url http://127.0.0.1:PORT/] [--dist DIR] [--native FILE]
//                            [--quick] [--json FILE] [--only load|starts|chapters|throttled]
// --only load runs the first loads alone ([10], 20 of them, and 5 over each mobile link) and
// prints their figures; --only starts runs the other loads whose longest task has a target
// ([6], [7] without the drag, and the study chapters' first renders of [13]–[21]) and prints
// those longest tasks; --only chapters runs [13]–[21] whole (first renders and steps); --only
// throttled runs [4] alone and prints the page's per-stage medians of its steps. Quick checks
// while working on one path, not a substitute for the full table.
// Without --url it serves --dist (default dist/) itself with tests/e2e/server.mjs.
// PARTLAB_BENCH_JS_FLAGS, if set, is passed to the browser as --js-flags (V8's own flags), for
// experiments such as `--no-wasm-dynamic-tiering` (every wasm function optimised up front
// instead of when it gets hot); the table's rows are measured without it.
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
import { MARK_IN, MARK_LATE, META } from '../../scripts/split.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '..', '..');

// --- options -----------------------------------------------------------------------------------
const opts = { url: null, dist: path.join(ROOT, 'dist'), native: null, quick: false, json: null, only: null };
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
    else if (a === '--only') {
      opts.only = value();
      if (!['load', 'starts', 'chapters', 'throttled'].includes(opts.only)) {
        usage('--only knows four row groups: load ([10], the first loads), starts ([6], [7] and [13]–[21] at load), chapters ([13]–[21]) and throttled ([4])');
      }
    } else usage(`unknown argument ${a}`);
  }
}
function usage(msg) {
  console.error(`bench: ${msg}`);
  console.error('usage: node tests/e2e/bench.mjs [--url URL] [--dist DIR] [--native FILE] [--quick] [--json FILE] [--only load|starts|chapters|throttled]');
  process.exit(2);
}

// The first loads are 20 in a full run as in `--only load`: a p95 taken by nearest rank from
// 12 loads was their slowest (the 12th of 12); from 20 it is the 19th, as the other rows' p95
// leave out their slowest one or two.
const RUNS = opts.quick
  ? { loads: 4, netLoads: 2, warm: 3, slider: 10, join: 8, sweeps: 3, joinSweeps: 2, keyChanges: 2, bigLoads: 2, worstLoads: 1, chapterLoads: 2, chapterSteps: 6 }
  : { loads: 20, netLoads: 5, warm: 6, slider: 40, join: 30, sweeps: 12, joinSweeps: 4, keyChanges: 4, bigLoads: 4, worstLoads: 3, chapterLoads: 5, chapterSteps: 20 };

/** V8's flags for an experiment (PARTLAB_BENCH_JS_FLAGS), or undefined. */
const JS_FLAGS = process.env.PARTLAB_BENCH_JS_FLAGS || undefined;

/**
 * The harness's Chromium flags, plus precise memory figures for the heap row, and every host
 * name but the loopback unresolvable: nothing can leave the machine, without routing each
 * request through this script (which would add its own delay to the load rows).
 */
const CHROMIUM_ARGS = [
  ...HARNESS_CHROMIUM_ARGS,
  '--enable-precise-memory-info',
  ...(JS_FLAGS ? [`--js-flags=${JS_FLAGS}`] : []),
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1, EXCLUDE localhost',
];
const NODES = 'inv-bcn,inv-vlc,inv-gir,inv-lle';
/** What the page's instrument says on the console once the first ring is on screen. */
const RING_ON_SCREEN = 'partlab-bench: ring on screen';
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
function instrument(ringOnScreen) {
  const b = {
    longtasks: [],
    ticks: [],
    events: [],
    points: { deviation: [], movement: [] },
    memory: null,
    started: null,
    readyAt: null,
    readyFrame: null,
    readyMessage: null,
    frames: [],
    recording: false,
    progress: [],
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
  // Each setTimeout callback's duration: the page computes changes and sweeps in such tasks.
  const st = window.setTimeout;
  // An untimed pause for the benchmark's own waiting in the page (see untilInPage).
  b.sleep = (ms) => new Promise((resolve) => st.call(window, resolve, ms));
  window.setTimeout = function setTimeout(cb, ms, ...rest) {
    if (typeof cb !== 'function') return st.call(window, cb, ms, ...rest);
    return st.call(
      window,
      function timed(...a) {
        const t0 = performance.now();
        try {
          return cb.apply(this, a);
        } finally {
          b.ticks.push({ start: t0, dur: performance.now() - t0, timer: true });
        }
      },
      ms,
      ...rest,
    );
  };
  // The page also posts tasks to itself through a MessageChannel (no 4 ms clamp between
  // chained tasks): time those callbacks the same way.
  const MC = window.MessageChannel;
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
  window.MessageChannel = function MessageChannel() {
    const ch = new MC();
    Object.defineProperty(ch.port1, 'onmessage', {
      configurable: true,
      get() {
        return onmessage.get.call(this);
      },
      set(f) {
        const timed =
          typeof f === 'function'
            ? function timed(e) {
                const t0 = performance.now();
                try {
                  return f.call(this, e);
                } finally {
                  b.ticks.push({ start: t0, dur: performance.now() - t0 });
                }
              }
            : f;
        onmessage.set.call(this, timed);
      },
    });
    return ch;
  };
  // When the browser has rendered each update's frame: a message posted as the page ends its
  // `partlab-update` measure (inside the animation frame) runs once that frame's style, layout,
  // paint and commit are done, the canvases' rasterisation included, which the measure does
  // not see. Tasks of the page's queued before the message run first: a frame's end is the
  // start of the first task after it (see changeDone).
  b.rendered = [];
  const renderedChannel = new MC();
  renderedChannel.port1.onmessage = (e) => b.rendered.push({ start: e.data, end: performance.now() });
  const measure = Performance.prototype.measure;
  Performance.prototype.measure = function measured(name, ...rest) {
    const entry = measure.call(this, name, ...rest);
    if (name === 'partlab-update' && entry) renderedChannel.port2.postMessage(entry.startTime);
    return entry;
  };
  for (const type of ['keydown', 'mousedown']) {
    window.addEventListener(type, (e) => b.events.push({ type, t: e.timeStamp }), true);
  }
  // While recording: every animation frame's time and the progress note's text.
  const onFrame = (t) => {
    if (!b.recording) return;
    b.frames.push(t);
    const text = document.getElementById('progress')?.textContent ?? '';
    if (text && b.progress.at(-1) !== text) b.progress.push(text);
    requestAnimationFrame(onFrame);
  };
  b.record = (on) => {
    if (on && !b.recording) {
      b.frames = [];
      b.progress = [];
      b.recording = true;
      requestAnimationFrame(onFrame);
    } else if (!on) {
      b.recording = false;
    }
  };
  new MutationObserver((records) => {
    const t = performance.now();
    for (const r of records) {
      const id = r.target.id;
      if (id === 'deviation-chart' || id === 'movement-chart') {
        b.points[id.split('-')[0]].push({ t, n: Number(r.target.getAttribute('data-points')) });
      }
      // The first time the app says it drew the ring (`data-ring`; the figures and charts
      // follow in the next frames, then `data-state=ready`); then the next frame (its canvas
      // content reaches the screen with it).
      if (id === 'app' && r.attributeName === 'data-ring' && b.readyAt == null && r.target.getAttribute('data-ring') === 'drawn') {
        b.readyAt = t;
        requestAnimationFrame(() => {
          // That frame is rendered (the ring's canvas committed with it) before the next task
          // starts: this message posted from its animation callbacks, or a task of the page's
          // own queued before it, whichever comes first (as in changeDone). The channel is the
          // browser's own, so this message is not one of the page's timed tasks.
          const rafAt = performance.now();
          const ch = new MC();
          ch.port1.onmessage = () => {
            const next = b.ticks.reduce((m, x) => (x.start >= rafAt && x.start < m ? x.start : m), Infinity);
            b.readyMessage = performance.now();
            b.readyFrame = Math.min(b.readyMessage, next);
            // Said on the console, so that the first loads ([10]) can wait for it without
            // evaluating anything in the page while it starts (see firstLoads).
            console.debug(ringOnScreen);
          };
          ch.port2.postMessage(0);
        });
      }
      // The first time the page says it is ready and computing nothing: the first experiment's
      // figures, bars and tables are on screen (the network rows of [10]).
      if (id === 'app' && b.completeAt == null && r.target.getAttribute('data-state') === 'ready' && r.target.getAttribute('data-busy') === 'false') {
        b.completeAt = t;
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-points', 'data-ring', 'data-state', 'data-busy'] });
  window.addEventListener('TrunkApplicationStarted', (e) => {
    b.started = performance.now();
    b.memory = e.detail?.wasm?.memory ?? null;
  });
}

/** All `partlab-update` measures so far: { start, dur, end }. */
const measures = (page) =>
  page.evaluate(() =>
    performance.getEntriesByName('partlab-update').map((e) => ({ start: e.startTime, dur: e.duration, end: e.startTime + e.duration })),
  );

/**
 * Waits until `pred(arg)` (evaluated in the page) is truthy and returns its value. It polls
 * from the page itself, every 20 ms on an untimed timer, rather than with Playwright's
 * `waitForFunction`/`waitForSelector`: those first evaluate Playwright's selector script in the
 * page, a 40–50 ms task that landed in the middle of a first load's frames and counted in the
 * load rows, and then poll in every animation frame. `pred` must not refer to anything
 * outside itself (it is sent as source).
 */
async function untilInPage(page, pred, arg = null, timeout = 120_000) {
  return page.evaluate(`(async () => {
    const pred = ${pred.toString()};
    const arg = ${JSON.stringify(arg)};
    const t0 = performance.now();
    for (;;) {
      const v = pred(arg);
      if (v) return v;
      if (performance.now() - t0 > ${Number(timeout)}) throw new Error(${JSON.stringify(`timed out after ${timeout} ms waiting in the page for: ${pred.toString().slice(0, 200)}`)});
      await window.__bench.sleep(20);
    }
  })()`);
}

async function waitReady(page, timeout = 120_000) {
  const r = await untilInPage(
    page,
    () => {
      const app = document.getElementById('app');
      const s = app?.getAttribute('data-state');
      if (s === 'crashed') return `crashed: ${app.textContent.slice(0, 300)}`;
      return s === 'ready' && window.__bench?.started != null ? 'ready' : false;
    },
    null,
    timeout,
  );
  if (r !== 'ready') throw new Error(`the page did not start: ${r}`);
}

/** Waits until no change is being computed (and the frame that drew it has run). */
async function waitIdle(page, timeout = 180_000) {
  await untilInPage(
    page,
    () => {
      const app = document.getElementById('app');
      return app?.getAttribute('data-state') === 'ready' && app.getAttribute('data-busy') === 'false';
    },
    null,
    timeout,
  );
}

/**
 * Waits until both chart sweeps are complete for the current state. The page keeps a stale
 * sweep drawn (with its point count) while the new one computes; only the status line tells
 * them apart: empty when the deviation sweep is done, "Computing… n/9" ("Calculant…") while
 * the movement sweep runs.
 */
async function waitSweeps(page, timeout = 180_000) {
  await untilInPage(
    page,
    () =>
      document.getElementById('deviation-chart')?.getAttribute('data-points') === '11' &&
      document.getElementById('deviation-status')?.textContent.trim() === '' &&
      document.getElementById('movement-chart')?.getAttribute('data-points') === '9' &&
      !document.getElementById('movement-status')?.textContent.includes('…'),
    null,
    timeout,
  );
}

/**
 * Runs `action` and waits until the change it makes is computed and drawn: returns the time
 * from the start of the first `partlab-update` after it to the end of the one that drew the
 * result (usually the same frame; a longer change spans several, with timer tasks between
 * them), the frames, the latency from the input event, and the page's per-stage times of the
 * frame that drew it (`data-timing` on #app).
 */
async function changeDone(page, action, eventType) {
  // Playwright's polling (one check per animation frame) stays here, as in every earlier run of
  // rows [1]–[4]: its selector script is in the page by now (focus and click use it), and a
  // check runs outside the `partlab-update` measure.
  const before = await page.evaluate(() => ({
    n: performance.getEntriesByName('partlab-update').length,
    e: window.__bench.events.length,
  }));
  await action();
  await page.waitForFunction(
    (n) => {
      const ms = performance.getEntriesByName('partlab-update');
      const last = ms.at(-1)?.startTime;
      return (
        ms.length > n &&
        document.getElementById('app')?.getAttribute('data-busy') === 'false' &&
        window.__bench.rendered.some((r) => r.start === last)
      );
    },
    before.n,
    { timeout: 120_000 },
  );
  return page.evaluate(
    ([n, e, type]) => {
      const ms = performance.getEntriesByName('partlab-update');
      const first = ms[n];
      const last = ms[ms.length - 1];
      const ev = window.__bench.events.slice(e).find((x) => x.type === type);
      // The frame is rendered before the next task starts: the message posted at the update's
      // end, or a task of the page's own queued before it, whichever comes first.
      const end = last.startTime + last.duration;
      const posted = window.__bench.rendered.find((r) => r.start === last.startTime)?.end ?? NaN;
      const next = window.__bench.ticks.reduce((m, t) => (t.start >= end && t.start < m ? t.start : m), posted);
      return {
        dur: end - first.startTime,
        rendered: next - first.startTime,
        start: first.startTime,
        end: last.startTime + last.duration,
        frames: ms.length - n,
        latency: ev ? last.startTime + last.duration - ev.t : NaN,
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

/**
 * The longest task between `t0` and `t1` (page times): the longest of the Long Tasks API's
 * entries (tasks ≥ 50 ms, rendering included), the page's timer callbacks and its
 * `partlab-update` frames; and the longest gap between two animation frames if recorded.
 */
async function tasksBetween(page, t0, t1) {
  return page.evaluate(
    ([a, z]) => {
      const b = window.__bench;
      const max = (xs) => xs.reduce((m, x) => Math.max(m, x), 0);
      const lt = max(b.longtasks.filter((l) => l.start < z && l.start + l.dur > a).map((l) => l.dur));
      const tk = max(b.ticks.filter((x) => x.start >= a && x.start < z).map((x) => x.dur));
      const up = max(
        performance
          .getEntriesByName('partlab-update')
          .filter((m) => m.startTime >= a && m.startTime < z)
          .map((m) => m.duration),
      );
      const fr = b.frames.filter((f) => f >= a && f <= z);
      let gap = 0;
      for (let i = 1; i < fr.length; i++) gap = Math.max(gap, fr[i] - fr[i - 1]);
      return { longest: Math.max(lt, tk, up), longtask: lt, tick: tk, update: up, frameGap: gap, progress: [...b.progress] };
    },
    [t0, t1],
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
async function newPage(browser, origin, viewport = { width: 1280, height: 800 }, deviceScaleFactor = 1) {
  const context = await browser.newContext({ viewport, deviceScaleFactor });
  await context.addInitScript(instrument, RING_ON_SCREEN);
  // Nothing may leave the machine: other hosts do not resolve (CHROMIUM_ARGS); requests
  // that still name another origin are reported as errors.
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
  });
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!['data:', 'blob:'].includes(u.protocol) && u.origin !== origin) errors.push(`request to another origin: ${u.origin}`);
  });
  return { context, page, errors };
}

/** Fresh contexts (empty cache): navigation start → ring drawn, on screen, sweep done. */
async function firstLoads(browser, url, origin) {
  const out = { update: [], frame: [], message: [], wasmFetched: [], started: [], firstUpdateDur: [], devDone: [], errors: [] };
  for (let i = 0; i < RUNS.loads; i++) {
    const { context, page, errors } = await newPage(browser, origin);
    // Nothing is evaluated in the page until its ring is on screen (the instrument says so on
    // the console): the first evaluation brings Playwright's own script into the page, a task
    // of 10-15 ms that would otherwise run while the page starts.
    const onScreen = page.waitForEvent('console', { predicate: (m) => m.text() === RING_ON_SCREEN, timeout: 20_000 });
    await page.goto(url, { waitUntil: 'commit' });
    await onScreen;
    await waitReady(page);
    await untilInPage(page, () => document.querySelector('#deviation-chart[data-points="11"]') != null, null, 60_000);
    const r = await page.evaluate(() => {
      const b = window.__bench;
      const ms = performance.getEntriesByName('partlab-update');
      // The update that drew the ring: the last one that ended by the time the app said so.
      const drew = ms.filter((m) => m.startTime <= b.readyAt).at(-1) ?? ms[0];
      const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
      const dev = b.points.deviation.find((p) => p.n === 11);
      return {
        update: drew.startTime + drew.duration,
        firstUpdateDur: drew.duration,
        frame: b.readyFrame,
        message: b.readyMessage,
        started: b.started,
        wasmFetched: wasm ? wasm.responseEnd : NaN,
        devDone: dev ? dev.t : NaN,
      };
    });
    for (const k of ['update', 'frame', 'message', 'wasmFetched', 'started', 'firstUpdateDur', 'devDone']) out[k].push(r[k]);
    out.errors.push(...errors);
    await context.close();
  }
  return out;
}

/**
 * The mobile links of [10]'s network rows, emulated by Chromium (CDP
 * `Network.emulateNetworkConditions`: a latency added to each request, the bytes received
 * paced at `down` bytes/s), over a server that compresses with gzip as GitHub Pages does.
 */
const NETWORKS = [
  { name: 'a good mobile link: 9 Mbit/s down, 60 ms', latency: 60, down: 9e6 / 8, up: 1.5e6 / 8 },
  { name: 'a slow mobile link: 1.6 Mbit/s down, 150 ms', latency: 150, down: 1.6e6 / 8, up: 750e3 / 8 },
];

/**
 * Cold loads over an emulated network (`net`, one of NETWORKS): navigation → ring on screen,
 * → the first experiment's figures on screen (`data-state=ready`, nothing computing), when
 * each part of the wasm arrived, when the second part was instantiated, and whether the page
 * had to load it synchronously (`partlab-second-part-late`).
 */
async function networkLoads(browser, url, origin, net, count) {
  const out = { ring: [], complete: [], first: [], second: [], secondIn: [], late: 0, bytes: [], errors: [] };
  for (let i = 0; i < count; i++) {
    const { context, page, errors } = await newPage(browser, origin);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: net.latency, downloadThroughput: net.down, uploadThroughput: net.up });
    const onScreen = page.waitForEvent('console', { predicate: (m) => m.text() === RING_ON_SCREEN, timeout: 120_000 });
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    await onScreen;
    await waitReady(page);
    // A build not split in two (`trunk serve`) has no second part to wait for.
    await untilInPage(
      page,
      ([meta, markIn]) =>
        window.__bench.completeAt != null &&
        (!document.querySelector(`meta[name="${meta}"]`) || performance.getEntriesByName(markIn).length > 0),
      [META, MARK_IN],
      120_000,
    );
    const r = await page.evaluate(([markIn, markLate]) => {
      const b = window.__bench;
      const wasm = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.wasm'));
      const file = (e) => e.name.split('/').pop();
      const first = wasm.find((e) => !/^partlab-(later|study)-/.test(file(e)));
      const second = wasm.find((e) => file(e).startsWith('partlab-later-'));
      return {
        ring: b.readyFrame,
        complete: b.completeAt,
        first: first?.responseEnd ?? NaN,
        second: second?.responseEnd ?? NaN,
        secondIn: performance.getEntriesByName(markIn)[0]?.startTime ?? NaN,
        late: performance.getEntriesByName(markLate).length > 0,
        bytes: wasm.reduce((sum, e) => sum + e.encodedBodySize, 0),
      };
    }, [MARK_IN, MARK_LATE]);
    for (const k of ['ring', 'complete', 'first', 'second', 'secondIn', 'bytes']) out[k].push(r[k]);
    if (r.late) out.late += 1;
    out.errors.push(...errors);
    await context.close();
  }
  return out;
}

/**
 * The figures of measured changes (changeDone() results), one list per name: `fields` maps
 * each list's name to the field of a result it collects, e.g. { durs: 'dur' }.
 */
const columns = (results, fields) =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, results.map((r) => r[field])]));

/** Alternates the vnodes slider between its 700 and 1000 stops with the keyboard. */
async function sliderSteps(page, count, warm) {
  await page.focus('#vnodes');
  const measured = [];
  let key = 'ArrowLeft'; // starts at 1000 (the last stop)
  let firstMeasuredStart = null;
  let lastEnd = null;
  for (let i = 0; i < warm + count; i++) {
    const r = await changeDone(page, () => page.keyboard.press(key), 'keydown');
    const want = key === 'ArrowLeft' ? '700' : '1000';
    const got = await page.getAttribute('#vnodes', 'aria-valuetext');
    // The value text reads e.g. "700 (virtual nodes per node)": compare its number.
    if (got?.match(/^[\d,.]+/)?.[0].replace(/[,.]/g, '') !== want) throw new Error(`vnodes slider: expected ${want}, the page shows ${got}`);
    if (i >= warm) {
      measured.push(r);
      firstMeasuredStart ??= r.start - 50;
      lastEnd = r.end;
    }
    key = key === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
    // Slower than a drag, faster than the sweeps' 250 ms debounce: no sweep runs in between.
    await page.waitForTimeout(30);
  }
  // Back to 1000 vnodes.
  if (key === 'ArrowRight') await changeDone(page, () => page.keyboard.press('ArrowRight'), 'keydown');
  const tasks = await tasksBetween(page, firstMeasuredStart, lastEnd + 1);
  return { ...columns(measured, { durs: 'dur', rendered: 'rendered', lat: 'latency', stages: 'stages', frames: 'frames' }), tasks };
}

/**
 * [4]: the slider steps and the joins and leaves of `url` (100 000 keys) in a fresh page with
 * Chromium's CPU throttled 4× (CDP `Emulation.setCPUThrottlingRate`); the page's errors go to
 * `errors`.
 */
async function throttledRuns(browser, origin, url, errors) {
  const p = await newPage(browser, origin);
  await p.page.goto(url);
  await waitReady(p.page);
  await waitSweeps(p.page);
  const cdp = await p.context.newCDPSession(p.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const slider100kThrottled = await sliderSteps(p.page, RUNS.slider, RUNS.warm);
  const joinThrottled = await joins(p.page, RUNS.join, 3);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  errors.push(...p.errors);
  await p.context.close();
  return { slider100kThrottled, joinThrottled };
}

/** Click "add node" (4 → 5), then remove it again (5 → 4), `count` times. */
async function joins(page, count, warm) {
  const joined = [];
  const left = [];
  let moved = null;
  let movedDots = null;
  for (let i = 0; i < warm + count; i++) {
    const j = await changeDone(page, () => page.click('#add-node'), 'mousedown');
    const seen = await page.evaluate(() => ({
      rows: document.querySelectorAll('#node-list [data-role="remove"]').length,
      moved: document.querySelector('[data-figure="moved"]')?.getAttribute('data-value'),
      dots: document.getElementById('ring')?.getAttribute('data-moved-dots'),
      flow: document.querySelectorAll('#flow-table tr[data-from]').length,
    }));
    if (seen.rows !== 5) throw new Error(`add node: expected 5 nodes, the page lists ${seen.rows}`);
    if (!(Number(seen.dots) > 0) || !(seen.flow > 0)) throw new Error(`add node: no moved keys ringed (${seen.dots}) or no flow (${seen.flow})`);
    moved = seen.moved;
    movedDots = seen.dots;
    const l = await changeDone(page, () => page.click('#node-list [data-role="remove"][data-idx="4"]'), 'mousedown');
    if (i >= warm) {
      joined.push(j);
      left.push(l);
    }
    await page.waitForTimeout(30);
  }
  return {
    ...columns(joined, { join: 'dur', joinRendered: 'rendered', joinLat: 'latency', stages: 'stages' }),
    ...columns(left, { leave: 'dur', leaveRendered: 'rendered' }),
    moved,
    movedDots,
  };
}

/**
 * Times the chart sweeps that follow a change: `change(i)` makes the change (through the UI)
 * and returns its update (from changeDone); `undo(i)`, if given, puts the page back and waits
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
        // The slice that started the sweep: the first timer task after the change (the
        // sweep's debounce; a task the page posted itself, such as the address written
        // after the change's frame, is not one).
        const first = ticks.filter((x) => x.timer && x.start <= firstPoint.t)[0];
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
    const u = await changeDone(
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
    () => changeDone(page, () => page.click('#add-node'), 'mousedown'),
    async () => {
      await changeDone(page, () => page.click('#node-list [data-role="remove"][data-idx="4"]'), 'mousedown');
      await page.waitForTimeout(300);
      await waitSweeps(page);
    },
  );
}

/**
 * Something long (a million keys to hash, a big ring to drag): runs `action` with frames
 * recorded and waits until the page is idle; returns the time to done, the longest task and
 * frame gap in between, the progress notes seen.
 */
async function longChange(page, action) {
  const t0 = await page.evaluate(() => {
    window.__bench.record(true);
    return performance.now();
  });
  await action();
  // Give the first frame a chance to start the change before looking for idleness.
  await untilInPage(page, (t) => performance.getEntriesByName('partlab-update').some((m) => m.startTime > t), t0, 60_000);
  await waitIdle(page);
  const t1 = await page.evaluate(() => performance.getEntriesByName('partlab-update').at(-1).startTime + performance.getEntriesByName('partlab-update').at(-1).duration);
  await page.evaluate(() => window.__bench.record(false));
  const tasks = await tasksBetween(page, t0, t1 + 1);
  return { done: t1 - t0, ...tasks };
}

/** The key slider from 100 000 to 1 000 000 (its last stop, the lab's cap), then back. */
async function keyCountChanges(page, count) {
  const out = { done: [], longest: [], frameGap: [], progress: [], keys: null };
  for (let i = 0; i < count; i++) {
    await page.focus('#keys');
    const up = await longChange(page, () => page.keyboard.press('End'));
    out.keys = await page.$eval('#dist-table', (t) => [...t.querySelectorAll('tr[data-keys]')].reduce((s, r) => s + Number(r.dataset.keys), 0));
    out.done.push(up.done);
    out.longest.push(up.longest);
    out.frameGap.push(up.frameGap);
    out.progress.push(up.progress.length);
    out.lastNotes = up.progress.slice(0, 3);
    // Back to 100 000 keys (stop 6), untimed.
    await page.focus('#keys');
    await longChange(page, async () => {
      for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowLeft');
    });
    await page.waitForTimeout(100);
  }
  return out;
}

/** Opens a 1 000 000-key address in a fresh context: time to the ring, longest task. */
async function bigLoads(browser, url, origin, count) {
  const out = { ready: [], longest: [], frameGap: [], progress: [], errors: [] };
  for (let i = 0; i < count; i++) {
    const { context, page, errors } = await newPage(browser, origin);
    await page.goto(`${url}#s=ring&n=${NODES}&v=1000&k=1000000&r=1&l=en`, { waitUntil: 'commit' });
    await page.evaluate(() => window.__bench.record(true));
    await waitReady(page);
    await waitIdle(page);
    const t = await page.evaluate(() => ({ started: window.__bench.started, ready: window.__bench.readyAt, idle: performance.now() }));
    const tasks = await tasksBetween(page, t.started, t.idle);
    out.ready.push(t.ready);
    out.longest.push(tasks.longest);
    out.frameGap.push(tasks.frameGap);
    out.progress.push(tasks.progress.length);
    out.errors.push(...errors);
    await context.close();
  }
  return out;
}

/** The worst accepted configuration of each strategy (see the guide's docs/src/reference/limits.md). */
function worstConfigs() {
  const names = (n) => Array.from({ length: n }, (_, i) => `n${i + 1}`).join(',');
  return [
    {
      strategy: 'ring',
      what: '32 nodes × weight 5 × 1000 vnodes (160 000 ring points), 1 000 000 keys, 8 copies (8 000 000)',
      fragment: `#c=ring&s=ring&n=${names(32)}&w=${Array(32).fill(5).join(',')}&v=1000&k=1000000&r=8&l=en`,
    },
    {
      strategy: 'rendezvous',
      what: '8 nodes × 1 000 000 keys × 1 copy (8 000 000 scores)',
      fragment: `#c=rendezvous&s=rendezvous&n=${names(8)}&k=1000000&r=1&l=en`,
    },
    {
      strategy: 'modulo',
      what: '32 nodes, 1 000 000 keys, 8 copies (8 000 000)',
      fragment: `#c=mod-n&s=modulo&n=${names(32)}&k=1000000&r=8&l=en`,
    },
    {
      strategy: 'jump',
      what: '32 nodes, 1 000 000 keys, 8 copies (8 000 000)',
      fragment: `#c=mod-n&s=jump&n=${names(32)}&k=1000000&r=8&l=en`,
    },
    {
      strategy: 'maglev',
      what: '32 nodes, table 655 373, 1 000 000 keys, 8 copies (8 000 000)',
      fragment: `#c=rendezvous&s=maglev&m=655373&n=${names(32)}&k=1000000&r=8&l=en`,
    },
    {
      strategy: 'bounded',
      what: '32 nodes × 1000 vnodes, c = 1, 1 000 000 keys, 8 copies (8 000 000)',
      fragment: `#c=ring&s=bounded&lf=1&n=${names(32)}&v=1000&k=1000000&r=8&l=en`,
    },
    {
      strategy: 'multiprobe',
      what: '32 nodes, 64 probes, 1 000 000 keys (64 000 000 probes)',
      fragment: `#c=rendezvous&s=multiprobe&probes=64&n=${names(32)}&k=1000000&r=1&l=en`,
    },
  ];
}

/** [7]'s drag: node 1's weight slider, five steps down 40 ms apart, to the change done. */
async function weightDrag(page) {
  await page.focus('#node-weight-0');
  return longChange(page, async () => {
    for (let k = 0; k < 5; k++) {
      await page.keyboard.press('ArrowLeft');
      await page.waitForTimeout(40);
    }
  });
}

/**
 * Load each worst configuration `RUNS.worstLoads` times, each in a fresh context; then, on the
 * last load, drag node 1's weight slider 5 steps down. `load` is the last load's tasks and
 * `loads` every load's longest task.
 */
async function worstRuns(browser, url, origin) {
  const out = [];
  for (const c of worstConfigs()) {
    log(`worst accepted ${c.strategy}: ${c.what} (× ${RUNS.worstLoads})`);
    const loads = [];
    const seen = [];
    for (let i = 0; i < RUNS.worstLoads; i++) {
      const last = i === RUNS.worstLoads - 1;
      const { context, page, errors: pageErrors } = await newPage(browser, origin);
      await page.goto(`${url}${c.fragment}`, { waitUntil: 'commit' });
      await page.evaluate(() => window.__bench.record(true));
      await waitReady(page, 300_000);
      await waitIdle(page, 300_000);
      const t = await page.evaluate(() => ({ started: window.__bench.started, ready: window.__bench.readyAt, idle: performance.now() }));
      const load = await tasksBetween(page, t.started, t.idle);
      loads.push(load.longest);
      if (!last) {
        await context.close();
        seen.push(...pageErrors);
        continue;
      }
      const notices = await page.$$eval('.notice', (n) => n.map((x) => x.textContent));
      if (opts.only === 'starts') {
        await context.close();
        seen.push(...pageErrors);
        out.push({ ...c, loadReady: t.ready, load, loads, notices, errors: seen });
        continue;
      }
      const drag = await weightDrag(page);
      const mem = await heap(page);
      await context.close();
      seen.push(...pageErrors);
      out.push({ ...c, loadReady: t.ready, load, loads, drag, mem, notices, errors: seen });
    }
  }
  return out;
}

/**
 * [7]'s worst ring at a device pixel ratio of 2 (a hi-DPI screen; a phone's is 2–3): its
 * canvases' pixel buffers are four times those at 1. Loaded, left until the charts' sweeps are
 * done (a student reads the page before dragging), then the weight drag of [7] and its sweeps:
 * the wasm memory then (it never shrinks, so it is the peak).
 */
async function hiDpiMemory(browser, url, origin) {
  const ring = worstConfigs().find((c) => c.strategy === 'ring');
  const { context, page, errors } = await newPage(browser, origin, { width: 1280, height: 800 }, 2);
  await page.goto(`${url}${ring.fragment}`);
  await waitReady(page, 300_000);
  await waitIdle(page, 300_000);
  await waitSweeps(page, 300_000);
  const loaded = await heap(page);
  await weightDrag(page);
  await waitSweeps(page, 300_000);
  const mem = await heap(page);
  const ringSize = await page.$eval('#ring', (c) => `${c.width} × ${c.height}`);
  await context.close();
  return { loaded, mem, ringSize, errors };
}

/** 200 addresses written by a script in one task (what a held Back key or a script does). */
async function hashBurst(page) {
  const stops = [1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 400, 500, 700, 1000];
  const r = await page.evaluate((stops) => {
    window.__bench.record(true);
    const n0 = performance.getEntriesByName('partlab-update').length;
    const t0 = performance.now();
    let last = null;
    for (let i = 0; i < 200; i++) {
      last = stops[(i * 7) % stops.length];
      location.hash = `#c=ring&s=ring&n=inv-bcn,inv-vlc,inv-gir,inv-lle&v=${last}&k=100000&r=1&l=en`;
    }
    return { n0, t0, last, script: performance.now() - t0 };
  }, stops);
  await untilInPage(page, (v) => document.getElementById('vnodes-out')?.textContent === String(v), r.last, 30_000);
  await waitIdle(page);
  await page.waitForTimeout(300);
  const after = await page.evaluate(
    ([n0, t0]) => {
      const ms = performance.getEntriesByName('partlab-update').slice(n0);
      return { updates: ms.length, end: ms.at(-1).startTime + ms.at(-1).duration, t0 };
    },
    [r.n0, r.t0],
  );
  // The page's tasks after the script's own (which sets the 200 addresses).
  const tasks = await tasksBetween(page, r.t0 + r.script + 1, after.end + 1);
  await page.evaluate(() => window.__bench.record(false));
  return { ...r, ...after, done: after.end - r.t0, ...tasks };
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
// --- the other chapters -------------------------------------------------------------------------
/** The hashing instrument's chapters have rows of their own above; the teachers' page has no control. */
const HASHING_CHAPTERS = new Set(['ring', 'mod-n', 'rendezvous', 'teachers']);

/** The study chapters' performance measures since index `from` of each name. */
const studyMeasures = (page) =>
  page.evaluate(() =>
    ['partlab-study-frame', 'partlab-study-work'].flatMap((name) =>
      performance.getEntriesByName(name).map((e) => ({ name, start: e.startTime, dur: e.duration, end: e.startTime + e.duration })),
    ),
  );

const studyIdle = (page) => waitIdle(page, 120_000);

/**
 * Every other chapter in the chapter bar: its first render (fresh tab each run: the frame that
 * builds it, and navigation → all its background work done, with the longest task), then its
 * main control (the first slider, else the first list) stepped back and forth: the frame that
 * applies the step, and the step → all work done with the longest task meanwhile.
 */
async function chapterRuns(browser, url, origin) {
  const probe = await newPage(browser, origin);
  await probe.page.goto(`${url}#l=en`);
  await waitReady(probe.page);
  const slugs = (await probe.page.$$eval('a[data-chapter]', (as) => [...new Set(as.map((a) => a.dataset.chapter))])).filter(
    (c) => !HASHING_CHAPTERS.has(c),
  );
  await probe.context.close();
  const out = [];
  for (const slug of slugs) {
    log(`chapter ${slug}: first render × ${RUNS.chapterLoads}, main control × ${RUNS.chapterSteps}`);
    const r = { slug, firstFrame: [], allDone: [], loadLongest: [], control: null, step: [], stepDone: [], stepLongest: [], errors: [] };
    let kept = null;
    for (let i = 0; i < RUNS.chapterLoads; i++) {
      const p = await newPage(browser, origin);
      await p.page.goto(`${url}#c=${slug}&l=en`);
      await studyIdle(p.page);
      const ms = await studyMeasures(p.page);
      const frames = ms.filter((m) => m.name === 'partlab-study-frame');
      if (frames.length) {
        r.firstFrame.push(frames[0].dur);
        const end = Math.max(...ms.map((m) => m.end));
        r.allDone.push(end);
        // From the app's start: compiling the wasm is the first load's row ([10]).
        const started = await p.page.evaluate(() => window.__bench.started ?? 0);
        r.loadLongest.push((await tasksBetween(p.page, started, end + 1)).longest);
      }
      r.errors.push(...p.errors);
      if (i === RUNS.chapterLoads - 1) kept = p;
      else await p.context.close();
    }
    const { page } = kept;
    const control = await page.evaluate(() => {
      const root = document.getElementById('chapter');
      const range = root?.querySelector('input[type="range"][data-control]');
      if (range) return { kind: 'range', id: range.id, control: range.dataset.control };
      const select = [...(root?.querySelectorAll('select[data-control]') ?? [])].find((s) => s.options.length > 1);
      if (select) return { kind: 'select', id: select.id, control: select.dataset.control, values: [...select.options].map((o) => o.value) };
      return null;
    });
    r.control = control;
    if (control && opts.only !== 'starts') {
      for (let i = 0; i < RUNS.chapterSteps + 2; i++) {
        const before = await studyMeasures(page);
        const t0 = await page.evaluate(() => performance.now());
        if (control.kind === 'range') {
          const { value, max } = await page.$eval(`[id="${control.id}"]`, (e) => ({ value: Number(e.value), max: Number(e.max) }));
          await page.focus(`[id="${control.id}"]`);
          await page.keyboard.press(value >= max ? 'ArrowLeft' : i % 2 ? 'ArrowLeft' : 'ArrowRight');
        } else {
          const now = await page.$eval(`[id="${control.id}"]`, (e) => e.value);
          const next = control.values.find((v) => v !== now);
          await page.selectOption(`[id="${control.id}"]`, next);
        }
        await untilInPage(page, (n) => performance.getEntriesByName('partlab-study-frame').length > n, before.filter((m) => m.name === 'partlab-study-frame').length, 60_000);
        await studyIdle(page);
        const after = (await studyMeasures(page)).filter((m) => m.start >= t0);
        const frame = after.filter((m) => m.name === 'partlab-study-frame')[0];
        const end = Math.max(...after.map((m) => m.end));
        if (i < 2) continue; // warm-up
        r.step.push(frame.dur);
        r.stepDone.push(end - frame.start);
        r.stepLongest.push((await tasksBetween(page, t0, end + 1)).longest);
      }
    }
    r.errors.push(...kept.errors);
    await kept.context.close();
    out.push(r);
  }
  return out;
}

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
  // The study module (scripts/study-module.sh: the study chapters, the teachers' page, the open
  // questions panel, the share dialog and the lesson tables) is fetched only when one of them
  // is shown; the first part is what a ring visitor downloads.
  const isStudy = (f) => f.startsWith('partlab-study-');
  const pageFiles = fs
    .readdirSync(opts.dist)
    .filter((f) => /\.(html|js|css|svg)$/.test(f) && !f.includes('standalone') && !isStudy(f))
    .map((f) => fs.readFileSync(path.join(opts.dist, f)));
  const otherGzip = pageFiles.reduce((s, b) => s + zlib.gzipSync(b, { level: 6 }).length, 0);

  let server = null;
  let url = opts.url;
  const { startServer } = await import('./server.mjs');
  if (!url) {
    server = await startServer({ root: opts.dist });
    url = server.url;
  }
  // [10]'s network rows: the files of --dist compressed as GitHub Pages sends them (also with
  // --url, as scripts/bench.sh passes both); with --url alone, whatever that server sends.
  const gzipServer = fs.existsSync(path.join(opts.dist, 'index.html')) ? await startServer({ root: opts.dist, gzip: true }) : null;
  const gzipUrl = gzipServer?.url ?? url;
  const served = gzipServer ? 'gzip as GitHub Pages serves it' : `as ${url} serves it`;
  const origin = new URL(url).origin;
  const executablePath = process.env.PARTLAB_CHROMIUM ?? '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  if (JS_FLAGS) log(`V8 flags: ${JS_FLAGS}`);
  const load0 = os.loadavg();
  const started = Date.now();
  const errors = [];
  const R = { version: browser.version() };
  const page100k = `${url}#s=ring&n=${NODES}&v=1000&k=100000&r=1&l=en`;
  try {
    log(`Chromium ${browser.version()}, ${url}, ${opts.quick ? 'quick' : 'full'} run`);

    if (opts.only === 'chapters') {
      R.chapters = await chapterRuns(browser, url, origin);
      const mp = (xs) => `${fmt(median(xs))} / ${fmt(pct(xs, 95))} ms`;
      for (const c of R.chapters) {
        console.log(`chapter ${c.slug}: step (median / p95) ${mp(c.step)}; longest task at load ${mp(c.loadLongest)}; first frame ${mp(c.firstFrame)}`);
        errors.push(...c.errors);
      }
      if (errors.length) console.log(`errors: ${errors.join('; ')}`);
      return { text: `load average ${os.loadavg()[0].toFixed(2)}`, R, sizes: null, native: null };
    }
    if (opts.only === 'starts') {
      RUNS.bigLoads = 8;
      RUNS.chapterLoads = 8;
      const range = (xs) => `median ${fmt(median(xs))} ms, p95 ${fmt(pct(xs, 95))} ms, max ${fmt(Math.max(...xs))} ms`;
      log(`a 1 000 000-key address opened × ${RUNS.bigLoads}`);
      R.bigLoad = await bigLoads(browser, url, origin, RUNS.bigLoads);
      console.log(`[6] longest task: ${range(R.bigLoad.longest)}`);
      R.worst = await worstRuns(browser, url, origin);
      console.log(`[7] longest task at load, median (max) of ${RUNS.worstLoads}: ${R.worst.map((w) => `${w.strategy} ${fmt(median(w.loads))} (${fmt(Math.max(...w.loads))})`).join(', ')} ms`);
      console.log(`[7] the last load's longest long task / timer callback / update: ${R.worst.map((w) => `${w.strategy} ${fmt(w.load.longtask)} / ${fmt(w.load.tick)} / ${fmt(w.load.update)}`).join(', ')} ms`);
      R.chapters = await chapterRuns(browser, url, origin);
      for (const c of R.chapters) {
        console.log(`chapter ${c.slug}: longest task at load ${range(c.loadLongest)}; first frame median ${fmt(median(c.firstFrame))} ms`);
      }
      for (const x of [R.bigLoad, ...R.worst, ...R.chapters]) errors.push(...x.errors);
      if (errors.length) console.log(`errors: ${errors.join('; ')}`);
      return { text: `load average ${os.loadavg()[0].toFixed(2)}`, R, sizes: null, native: null };
    }
    if (opts.only === 'throttled') {
      // [4] alone, with the page's per-stage medians: for A/B runs of a step's cost on a slow CPU.
      Object.assign(R, await throttledRuns(browser, origin, page100k, errors));
      const mp = (xs) => `median ${fmt(median(xs))} ms, p95 ${fmt(pct(xs, 95))} ms`;
      // Every stage the page reported, in the order it reported them.
      const stages = (st) =>
        [...new Set(st.flatMap((x) => Object.keys(x)))]
          .map((k) => `${k} ${fmt(median(st.map((x) => x[k] ?? NaN)))}`)
          .join(', ');
      const s = R.slider100kThrottled;
      const j = R.joinThrottled;
      console.log(`[4] slider step: ${mp(s.durs)}; rendered ${mp(s.rendered)}`);
      console.log(`[4] slider step, stage medians (ms): ${stages(s.stages)}`);
      console.log(`[4] node joins: ${mp(j.join)}; rendered ${mp(j.joinRendered)}`);
      console.log(`[4] node joins, stage medians (ms): ${stages(j.stages)}`);
      console.log(`[4] node leaves: ${mp(j.leave)}; rendered ${mp(j.leaveRendered)}`);
      if (errors.length) console.log(`errors: ${errors.join('; ')}`);
      return { text: `load average ${os.loadavg()[0].toFixed(2)}`, R, sizes: null, native: null };
    }
    // --only load makes 20 even with --quick, as its usage line says.
    if (opts.only === 'load') RUNS.loads = 20;
    log(`first load × ${RUNS.loads}`);
    R.load = await firstLoads(browser, url, origin);
    errors.push(...R.load.errors);
    R.netLoads = [];
    for (const net of NETWORKS) {
      log(`first loads over ${net.name} × ${RUNS.netLoads}`);
      const n = await networkLoads(browser, `${gzipUrl}#p=ring-10`, new URL(gzipUrl).origin, net, RUNS.netLoads);
      R.netLoads.push({ net, ...n });
      errors.push(...n.errors);
    }
    if (opts.only === 'load') {
      R.load.fromStart = R.load.frame.map((f, i) => f - R.load.started[i]);
      for (const k of ['frame', 'message', 'wasmFetched', 'started', 'fromStart', 'update', 'firstUpdateDur']) {
        console.log(`[10] ${k}: median ${fmt(median(R.load[k]))} ms, p95 ${fmt(pct(R.load[k], 95))} ms`);
      }
      for (const n of R.netLoads) {
        const m = (k) => fmt(median(n[k]));
        console.log(`[10] over ${n.net.name}: ring ${m('ring')}, figures ${m('complete')}, first part in ${m('first')}, second part fetched ${m('second')} / instantiated ${m('secondIn')} ms (medians of ${n.ring.length}); ${kb(median(n.bytes))} of wasm received; the second part loaded synchronously in ${n.late} of ${n.ring.length}`);
      }
      if (errors.length) console.log(`errors: ${errors.join('; ')}`);
      return { text: `load average ${os.loadavg()[0].toFixed(2)}`, R, sizes: null, native: null };
    }

    log('100 000 keys, 4 × 1000 vnodes: waiting for the first sweeps');
    const p1 = await newPage(browser, origin);
    await p1.page.goto(page100k);
    await waitReady(p1.page);
    await waitSweeps(p1.page);
    R.heap100k = await heap(p1.page);
    log(`vnodes slider × ${RUNS.slider} (+${RUNS.warm} warm-up)`);
    R.slider100k = await sliderSteps(p1.page, RUNS.slider, RUNS.warm);
    log(`node joins × ${RUNS.join} (+3 warm-up)`);
    R.join = await joins(p1.page, RUNS.join, 3);
    await p1.page.waitForTimeout(300);
    await waitSweeps(p1.page);
    log(`sweeps after a rename × ${RUNS.sweeps} (+1 warm-up)`);
    R.sweep = await renameSweeps(p1.page, RUNS.sweeps);
    log(`sweeps after a join × ${RUNS.joinSweeps} (+1 warm-up)`);
    R.joinSweep = await joinSweeps(p1.page, RUNS.joinSweeps);
    log('200 addresses written in one go');
    R.burst = await hashBurst(p1.page);
    log(`key count 100 000 → 1 000 000 × ${RUNS.keyChanges}`);
    await p1.page.goto(page100k);
    await waitReady(p1.page);
    await waitIdle(p1.page);
    R.keyChange = await keyCountChanges(p1.page, RUNS.keyChanges);
    R.longtaskApi = await p1.page.evaluate(() => window.__bench.longtaskApi);
    R.heap100kAfter = await heap(p1.page);
    errors.push(...p1.errors);
    await p1.context.close();

    log('100 000 keys with the CPU throttled 4×');
    Object.assign(R, await throttledRuns(browser, origin, page100k, errors));

    log('1 000 000 keys, 4 × 1000 vnodes');
    const p2 = await newPage(browser, origin);
    await p2.page.goto(`${url}#s=ring&n=${NODES}&v=1000&k=1000000&r=1&l=en`);
    await waitReady(p2.page);
    await waitSweeps(p2.page);
    R.sweep1m = await p2.page.evaluate(() => window.__bench.points.deviation.find((p) => p.n === 11)?.t);
    log(`vnodes slider × ${RUNS.slider} (+${RUNS.warm} warm-up)`);
    R.slider1m = await sliderSteps(p2.page, RUNS.slider, RUNS.warm);
    await p2.page.waitForTimeout(300);
    await waitSweeps(p2.page);
    R.heap1m = await heap(p2.page);
    // The value text reads e.g. "1,000,000 (keys)": keep the number.
    R.keys1m = (await p2.page.getAttribute('#keys', 'aria-valuetext'))?.match(/^[\d,.]+/)?.[0];
    errors.push(...p2.errors);
    await p2.context.close();

    log(`a 1 000 000-key address opened × ${RUNS.bigLoads}`);
    R.bigLoad = await bigLoads(browser, url, origin, RUNS.bigLoads);
    errors.push(...R.bigLoad.errors);

    R.worst = await worstRuns(browser, url, origin);
    for (const w of R.worst) errors.push(...w.errors);
    log("[7]'s worst ring at a device pixel ratio of 2: memory");
    R.hiDpi = await hiDpiMemory(browser, url, origin);
    errors.push(...R.hiDpi.errors);

    R.chapters = await chapterRuns(browser, url, origin);
    for (const c of R.chapters) errors.push(...c.errors);
  } finally {
    await browser.close();
    if (server) await server.close();
    if (gzipServer) await gzipServer.close();
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
    const status = target ? ok(target.on === 'median' ? med : target.on === 'max' ? Math.max(...xs) : p95, target.max) : '';
    const natCell = Number.isFinite(nat) ? fmt(nat, 2) : '';
    const ratio = Number.isFinite(nat) && nat > 0 ? `${fmt(med / nat, 1)}×` : '';
    rows.push([what, String(xs.length), fmt(med), fmt(p95), tgt, status, natCell, ratio]);
  };
  const single = (what, value, target, status) => rows.push([what, '1', value, '', target, status, '', '']);
  /** A wasm memory row against the page's 64 MB (`bytes` null when the page did not say). */
  const memory = (what, bytes) =>
    single(what, bytes == null ? 'n/a' : mib(bytes), '≤ 64 MB', bytes == null ? 'n/a' : bytes <= 64 * 1048576 ? 'met' : '**MISSED**');
  const stagesOf = (r) => {
    const st = r.stages;
    // Every stage the page reported, in its order (`ring-base` and `ring-dots` are parts of
    // `ring`), but the core's `update` and the `measure` of the canvases.
    const draw = [...new Set(st.flatMap((x) => Object.keys(x)))]
      .filter((k) => k !== 'update' && k !== 'measure')
      .map((k) => `${k} ${fmt(median(st.map((x) => x[k] ?? NaN)))}`)
      .join(', ');
    return { st, draw };
  };
  const split = (r, nat) => {
    const { st, draw } = stagesOf(r);
    row("  of which recompute (the page's `update` stage: the core's work in the frame)", st.map((x) => x.update), null, nat);
    row(`  of which redraw (medians by stage: ${draw})`, r.durs.map((d, i) => d - st[i].update), null);
    if (r.rendered) row(RENDERED, r.rendered, null);
  };
  const RENDERED = "  … to that frame rendered (the browser's style, layout, paint and canvas rasterisation too)";
  const maxOf = (xs) => xs.reduce((m, x) => Math.max(m, x), 0);

  row('[1] vnodes slider step → everything updated, 100 000 keys, 4 × 1000 vnodes', R.slider100k.durs, { on: 'p95', max: 8 }, native?.update100k);
  split(R.slider100k, native?.update100k);
  row('  keydown → end of that update (includes waiting for the animation frame)', R.slider100k.lat, null);
  row('[2] node joins (click "add node", 4 → 5): moved keys ringed, flow table, figures, 100 000 keys', R.join.join, { on: 'p95', max: 8 }, native?.join100k);
  split({ durs: R.join.join, stages: R.join.stages, rendered: R.join.joinRendered }, native?.join100k);
  row('  node leaves again (5 → 4, remove button)', R.join.leave, { on: 'p95', max: 8 });
  row(RENDERED, R.join.leaveRendered, null);
  row('[3] the same slider step with 1 000 000 keys', R.slider1m.durs, { on: 'p95', max: 16 }, native?.update1m);
  split(R.slider1m, native?.update1m);
  row('[4] slider step, 100 000 keys, CPU throttled 4×', R.slider100kThrottled.durs, { on: 'p95', max: 16 });
  split(R.slider100kThrottled, null);
  row('[4] node joins, 100 000 keys, CPU throttled 4×', R.joinThrottled.join, { on: 'p95', max: 16 });
  row(RENDERED, R.joinThrottled.joinRendered, null);
  row('  node leaves, CPU throttled 4×', R.joinThrottled.leave, { on: 'p95', max: 16 });
  row(RENDERED, R.joinThrottled.leaveRendered, null);
  const kc = R.keyChange;
  row('[5] key count 100 000 → 1 000 000 (slider End): longest task while it hashes', kc.longest, { on: 'max', max: 50 });
  row('  … longest gap between two animation frames meanwhile', kc.frameGap, null);
  row('  … from the keypress to the new figures drawn', kc.done, null);
  row('  … progress notes seen (distinct texts)', kc.progress, null, null, '');
  const bl = R.bigLoad;
  row('[6] a 1 000 000-key address opened: longest task from the app started to all drawn', bl.longest, { on: 'max', max: 50 });
  row('  … navigation → ring drawn', bl.ready, null);
  row('  … progress notes seen', bl.progress, null, null, '');
  for (const w of R.worst) {
    single(
      `[7] worst accepted ${w.strategy}: ${w.what}: load → ring drawn ${fmt(w.loadReady, 0)} ms, then 5 weight steps → done ${fmt(w.drag.done, 0)} ms; longest task: at load, median (max) of ${w.loads.length} loads / during the drag`,
      `${fmt(median(w.loads))} (${fmt(Math.max(...w.loads))}) / ${fmt(w.drag.longest)}`,
      'max ≤ 50 ms',
      Math.max(...w.loads, w.drag.longest) <= 50 ? 'met' : '**MISSED**',
    );
    memory(`  ${w.strategy}: peak wasm memory; longest frame gap during the drag ${fmt(w.drag.frameGap, 0)} ms`, w.mem.wasm);
  }
  const hd = R.hiDpi;
  memory(
    `[7] the worst ring at a device pixel ratio of 2 (ring canvas ${hd.ringSize} device pixels; the charts' sweeps done before and after the weight drag): peak wasm memory (after the load and its sweeps: ${hd.loaded.wasm == null ? 'n/a' : mib(hd.loaded.wasm)})`,
    hd.mem.wasm,
  );
  const hb = R.burst;
  single(`[8] 200 addresses written by a script in one go (the script itself ${fmt(hb.script, 0)} ms): updates drawn ${hb.updates}, done in ${fmt(hb.done, 0)} ms; longest task of the page after it`, fmt(hb.longest), '≤ 50 ms', hb.longest <= 50 ? 'met' : '**MISSED**');
  row('[9] deviation sweep, 11 vnode counts × 16 trials × 100 000 keys (after a rename): first slice → 11th point', R.sweep.compute, { on: 'p95', max: 1000 }, native?.sweep);
  row("  same, from the change (includes the page's 250 ms debounce)", R.sweep.withDebounce, { on: 'p95', max: 1000 });
  row('  longest slice (one setTimeout task) during the sweep', R.sweep.longestSlice, { on: 'p95', max: 50 });
  row('  longest Long Task during the sweep (Long Tasks API; 0 = none ≥ 50 ms)', R.sweep.longestTask, { on: 'p95', max: 50 });
  row('  movement sweep that follows (9 points N → N+1, 4 strategies, 100 000 keys, 1000 vnodes)', R.sweep.mvCompute, null);
  row('  its longest slice or Long Task (0 = none)', R.sweep.mvSlice.map((x, i) => Math.max(x, R.sweep.mvLongestTask[i])), { on: 'p95', max: 50 });
  row('  join → deviation chart complete (5 nodes; incl. the 250 ms debounce)', R.joinSweep.withDebounce, null);
  row('[10] first load on localhost, cold cache → ring on screen (the frame after it is drawn)', R.load.frame, { on: 'p95', max: 300 });
  row("  … to the message posted from that frame, as earlier runs measured it (the page's tasks queued before it included)", R.load.message, null);
  row('  of which: wasm fetched (resource responseEnd)', R.load.wasmFetched, null);
  row('  of which: app started (wasm instantiated, TrunkApplicationStarted)', R.load.started, null);
  row('  of which: the update that drew it', R.load.firstUpdateDur, null);
  row('  → deviation chart complete (cold engine, incl. 250 ms debounce)', R.load.devDone, null);
  for (const n of R.netLoads) {
    const sync = n.late ? `; the second part loaded synchronously in ${n.late} of ${n.ring.length} loads` : '';
    row(`  the same load over ${n.net.name} (emulated; ${served}; ${kb(median(n.bytes))} of wasm received${sync}) → ring on screen`, n.ring, null);
    row('    … the first part of the wasm received', n.first, null);
    row('    … its second part received', n.second, null);
    row('    … its second part instantiated', n.secondIn, null);
    row('    … the figures on screen (ready, nothing computing)', n.complete, null);
  }
  // scripts/split.mjs splits the first part in two: what a cold load runs before its ring is on
  // screen, and the rest, fetched beside it and instantiated once compiled.
  const isLater = (f) => f.startsWith('partlab-later-');
  const s0 = sizes.find((s) => !isStudy(s.file) && !isLater(s.file)) ?? sizes[0];
  single(`[11] wasm transferred, gzip -6: the first part, what a ring visitor downloads before the ring (${s0.file}; raw ${kb(s0.raw)}, gzip -9 ${kb(s0.gzip9)}, brotli ${kb(s0.brotli)})`, kb(s0.gzip6), '≤ 200 KB', s0.gzip6 <= 200 * 1024 ? 'met' : '**MISSED**');
  for (const later of sizes.filter((s) => isLater(s.file))) {
    single(`  its second part, fetched beside it, in before the ring in most loads (the rest of the hashing chapters; ${later.file}; raw ${kb(later.raw)}, brotli ${kb(later.brotli)})`, kb(later.gzip6), '', '');
    single('  both parts together', kb(s0.gzip6 + later.gzip6), '', '');
  }
  for (const st of sizes.filter((s) => isStudy(s.file))) {
    const glue = fs.readdirSync(opts.dist).filter((f) => isStudy(f) && f.endsWith('.js'));
    const glueGzip = glue.reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(path.join(opts.dist, f)), { level: 6 }).length, 0);
    single(`  the study module, fetched when a study chapter, the teachers' page, the questions, the share dialog or the lesson tables are first shown (${st.file}; raw ${kb(st.raw)}, brotli ${kb(st.brotli)}; its glue ${kb(glueGzip)} gzip)`, kb(st.gzip6), '', '');
  }
  single('  rest of the page gzip -6 (html, js glue, css, svg)', kb(otherGzip), '', '');
  const wasmMem = R.heap1m.wasm;
  memory(`[12] wasm memory after a 1 000 000-key run (${R.keys1m} keys; slider run + sweeps)`, wasmMem);
  single('  wasm memory with 100 000 keys (after load / after the runs above, incl. 1 000 000-key changes)', `${R.heap100k.wasm == null ? 'n/a' : mib(R.heap100k.wasm)} / ${R.heap100kAfter.wasm == null ? 'n/a' : mib(R.heap100kAfter.wasm)}`, '', '');

  R.chapters.forEach((c, i) => {
    const n = 13 + i;
    row(`[${n}] chapter \`${c.slug}\`: first render (the frame that builds it, fresh tab)`, c.firstFrame, null);
    row('  … navigation → all its work drawn', c.allDone, null);
    row('  … longest task from the app started to all drawn', c.loadLongest, { on: 'p95', max: 50 });
    if (!c.control) {
      single(`[${n}] chapter \`${c.slug}\`: no slider or list to step`, 'n/a', '', '');
      return;
    }
    row(`[${n}] chapter \`${c.slug}\`: main control step (${c.control.kind} \`${c.control.control}\`), the frame that applies it`, c.step, { on: 'p95', max: 16 });
    row('  … step → all its work drawn', c.stepDone, null);
    row('  … longest task meanwhile', c.stepLongest, { on: 'p95', max: 50 });
  });

  const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const lines = [];
  lines.push(`Partlab in the browser: Chromium ${'{version}'} headless, release build served on 127.0.0.1, viewport 1280 × 800 at DPR 1${JS_FLAGS ? `, V8 flags ${JS_FLAGS} (not the table's usual conditions)` : ''}, ${when}`);
  lines.push(`(${os.cpus().length} CPUs; load average ${load0.map((x) => x.toFixed(2)).join(' ')} at the start, ${load1.map((x) => x.toFixed(2)).join(' ')} at the end; ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  lines.push('');
  lines.push('| measure | runs | median ms | p95 ms | target | | native core ms | page / native |');
  lines.push('|---|--:|--:|--:|---|---|--:|--:|');
  for (const r of rows) lines.push(`| ${r.join(' | ')} |`);
  lines.push('');
  const frames = (r) => `${maxOf(r.frames)} frame(s) at most`;
  lines.push('How to reproduce each row (serve the release build: `bash scripts/serve.sh --dist`; the figures are the page\'s `partlab-update` performance measures and per-stage times, `data-timing` on #app, in DevTools\' Performance panel):');
  lines.push(`- [1] open \`#s=ring&n=${NODES}&v=1000&k=100000&r=1&l=en\`, focus the vnodes slider and press ← / → (700 ↔ 1000 vnodes). Measured from the start of the frame that applies the key to the end of the frame that draws the result (${frames(R.slider100k)}): the core's recompute, then the views that changed; the movement chart is not redrawn (its sweep did not change), the deviation chart repaints only its marker over its kept layer. "… to that frame rendered": from the same start to a message posted at the update's end, which runs once the browser has styled, laid out, painted and committed that frame (the canvases' rasterisation included), or to the start of a task of the page's queued before that message, whichever comes first.`);
  lines.push('- [2] the same page: click "add node" (inv-tar joins), then its remove button.');
  lines.push('- [3] as [1] with `k=1000000`.');
  lines.push("- [4] as [1] and [2] with DevTools' CPU throttling at 4× (here: CDP `Emulation.setCPUThrottlingRate {rate: 4}`).");
  lines.push(`- [5] the page of [1]: focus the key slider, press End (1 000 000 keys, the lab's cap: 10 000 000 keys would need 120 MB, beyond the page's 64 MB, so the lab offers at most 1 000 000; the CLI takes 10 000 000, see its table). The page hashes them in 10 ms timer tasks and shows a progress note ("${(kc.lastNotes ?? []).join(' | ')}"), the old figures staying until the new ones are drawn.`);
  lines.push('- [6] open `#s=ring&n=…&v=1000&k=1000000&r=1&l=en` in a new tab: the first experiment is computed in slices too, with the progress note.');
  lines.push(`- [7] open each address below in a fresh tab ${RUNS.worstLoads} times, wait for the figures each time, then, in the last tab, focus node 1's weight slider and press ← five times 40 ms apart: ${worstConfigs().map((c) => `${c.strategy} \`${c.fragment.slice(0, 60)}…\``).join('; ')} (nodes n1…n32).`);
  lines.push("- [7] at a device pixel ratio of 2: the ring's address above in a fresh tab with the browser's zoom (or the screen) at 200 %; wait until the deviation and movement charts are complete, drag node 1's weight five steps down as above, wait for the charts again, then read `memory.buffer.byteLength` of the wasm exports.");
  lines.push('- [8] on the page of [1], run in the console: `for (let i = 0; i < 200; i++) location.hash = \'#c=ring&s=ring&n=inv-bcn,inv-vlc,inv-gir,inv-lle&v=\' + [1,2,3,5,7,10,15,20,30,50,70,100,150,200,300,400,500,700,1000][(i*7)%19] + \'&k=100000&r=1&l=en\'`: the page shows the last address once.');
  lines.push('- [9] the page of [1]: rename the last node (a new sweep of 11 points), or add a node.');
  lines.push(`- [13]–[${12 + R.chapters.length}] open \`#c=<chapter>&l=en\` in a fresh tab (the figures are the \`partlab-study-frame\` and \`partlab-study-work\` performance measures: one per animation frame that applies inputs, one per background slice), then focus the chapter's first slider and press → / ← (or pick the other entries of its first list).`);
  lines.push("- [10] open the page in a fresh profile (cold cache) on localhost, from the navigation's start to the end of the frame that shows the first ring (the first task to start after that frame's animation callbacks: a message posted from them, or a task of the page's queued before it), with nothing evaluated in the page before then; over a mobile link: `node tests/e2e/server.mjs --gzip`, open `#p=ring-10` in DevTools with the network throttled to the row's figures (a custom profile: download, latency), and read the Network panel's times for the two `.wasm` files; [11] `gzip -6 -c dist/partlab-<hash>_bg.wasm | wc -c` (the first part; its second part, split off by scripts/split.mjs, is `dist/partlab-later-<hash>_bg.wasm`, the study module `dist/partlab-study-<hash>_bg.wasm`); [12] `memory.buffer.byteLength` after [3].");
  lines.push('');
  lines.push('Notes:');
  lines.push(`- Longest task = the longest of: the Long Tasks API's entries (tasks of 50 ms or more, the browser's rendering included${R.longtaskApi ? '' : '; this Chromium has no Long Tasks API'}), the page's timer callbacks and its animation-frame updates (timed in the page). Long tasks during the measured slider steps, 100 000 keys: ${fmt(R.slider100k.tasks.longtask)} ms at most (0 = none of 50 ms); 1 000 000 keys: ${fmt(R.slider1m.tasks.longtask)} ms. Deviation sweep with 1 000 000 keys on load: 11th point at ${fmt(R.sweep1m)} ms after navigation start.`);
  lines.push(`- A join moved ${R.join.moved ?? '?'} % of the keys; the ring showed ${R.join.movedDots ?? '?'} moved sample keys ringed in their old owner's colour. The charts are sweeps of their own: after a join they keep the previous sweep on screen, marked "Computing…", and the new sweeps start 250 ms after the change, in slices of about 10 ms.`);
  lines.push(`- [7]: ${R.worst.map((w) => `${w.strategy}: ${w.notices.length ? `notices ${JSON.stringify(w.notices)}` : 'accepted, no notice'}, progress notes during the drag ${w.drag.progress.length}`).join('; ')}. Beyond these the core refuses with a message that says the limit and the way round it (the guide's Conventions and limits).`);
  lines.push(`- "native core" is the core's time for the same computation (\`cargo bench -p partlab-core --bench core\`: ring build + assignment + statistics + movement; for 1 000 000 keys, statistics and movement taken as 10 × their 100 000-key figures); "page / native" divides the row's median by it.`);
  lines.push(`- Sizes are computed from ${path.relative(process.cwd(), opts.dist) || '.'} with Node's zlib (KB = 1024 bytes); the test server sends files uncompressed. Memory: the wasm linear memory is \`memory.buffer.byteLength\` of the exports that Trunk's loader passes in \`TrunkApplicationStarted\` (it never shrinks, so it is the peak); MB = 2^20 bytes.`);
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
