#!/usr/bin/env node
// Fuzzing the page as PhET fuzzes its simulations: random pointer, touch and keyboard input at a
// high rate, and random valid and invalid addresses, for a fixed seed and a bounded time, in every
// chapter of the chapter bar, each language and each mode, failing on anything the page should
// never do.
//
// What it does, per chapter (read from the page's chapter bar, so a new chapter is fuzzed too;
// and the teachers' page):
// - its fields, presets and views come from the teachers' page (`#teachers-fields`, the general
//   table the hashing chapters read; `#teachers-fields-<slug>`, a study chapter's own table with
//   each field's rule and default; `#teachers-presets`, `#teachers-views`), so a new field is
//   fuzzed too;
// - one page on the lab (`normal` and `projector` mode: `projector=on`) and one course page on
//   another origin with the lab in an <iframe> (`embed` mode: `embed=<view>`); each goes
//   through the three languages, the combinations in a seeded order, each with an equal share
//   of the chapter's time;
// - input, as fast as the browser takes it: clicks and drags with the mouse, the wheel, taps,
//   drags and pinches on the touch screen (CDP `Input.dispatchTouchEvent`), key presses and
//   bursts (Tab, arrows, Home/End, Page keys, Enter, Space, Escape, letters), values filled
//   into every kind of control (text, number, range, select, textarea), the window resized, and
//   addresses set by `location.hash` or opened afresh: built from the chapter's field table,
//   valid (in range, a choice, a preset, a view) or not (out of range, garbage, long, doubled
//   fields and values, right-to-left text, markup, broken percent-encoding, unknown fields);
// - it fails on a console error, an uncaught exception (or a rejected promise), a dialog, a
//   failed same-origin request or one to another origin, a Content-Security-Policy violation
//   (the server sends the site's header), a task over 200 ms (Long Tasks API; a case whose
//   only failure is a long task is run once more and fails only if a task over 200 ms comes
//   back, since the machine is shared), a page that says it crashed, a page still busy 60 s
//   after the input stopped, and an address that no longer opens: the address the page shows
//   at the end of each combination is opened in a fresh tab and must become ready without any
//   of the failures above.
//
// The fuzzer keeps the page on the lab: a click on a link that would leave it (the guide, the
// single-file download) is cancelled, as is window.open; those links are checked by the other
// tests.
//
// Determinism: every action is drawn from its own generator, seeded from (seed, chapter,
// language, mode, action number), so a run with the same seed draws the same kinds of action
// in the same order; which element an action lands on is picked among those on screen at that
// moment. The time bound cuts the sequence. A failure prints the seed and the command that runs
// it again, the last actions, and writes the whole input log (every action as performed:
// coordinates, keys, selectors, values, addresses) to target/fuzz/<seed>-<chapter>.json, which
// `--replay FILE` performs again exactly.
//
// Command line (from the repository's root or tests/e2e; dist/ must be built):
//   FUZZ_SEED=47 FUZZ_SECONDS=6 node tests/e2e/fuzz.mjs       every chapter, 6 s each
//   FUZZ_CHAPTERS=ring,hot-keys FUZZ_LANGS=en FUZZ_MODES=embed   narrower (comma lists)
//   node tests/e2e/fuzz.mjs --seed 47 --seconds 6 --chapters ring --replay target/fuzz/47-ring.json
// Environment: FUZZ_SEED (default 47), FUZZ_SECONDS (per chapter, default 6), FUZZ_CHAPTERS,
// FUZZ_LANGS, FUZZ_MODES, FUZZ_LONG_TASK_MS (default 200), FUZZ_REPLAY (a log file),
// FUZZ_VERBOSE=1 (prints every action). Exit status: 0 when nothing failed, 1 otherwise.
//
// Library: runFuzz(options) → { cases, failures } (tests/e2e/fuzz.test.mjs), mulberry32(seed),
// seedFor(seed, ...labels), addressFor(info, chapter, rng, base), HOSTILE_STRINGS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, ROOT, launchBrowser, openPage, waitForReady } from './harness.mjs';
import { startServer } from './server.mjs';

/** The seed of the test command's run. */
export const DEFAULT_SEED = 47;
/** Seconds of input per chapter when nothing says otherwise (the command line's default). */
export const DEFAULT_SECONDS = 6;
/** A task longer than this fails the run (the issue's bound; the page's own target is 50 ms). */
export const DEFAULT_LONG_TASK_MS = 200;
export const LANGS = ['ca', 'en', 'es'];
export const MODES = ['normal', 'projector', 'embed'];
/** Where a failing run writes its input log. */
export const LOG_DIR = path.join(ROOT, 'target', 'fuzz');

// --- seeded randomness -----------------------------------------------------------------------

/** Mulberry32: a small 32-bit generator, plenty for choosing inputs. Returns () => [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from a seed and labels (FNV-1a over their text, then a mix). */
export function seedFor(seed, ...labels) {
  let h = 0x811c9dc5;
  for (const ch of [String(seed), ...labels.map(String)].join('|')) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d) >>> 0;
  h ^= h >>> 15;
  return h >>> 0;
}

/** Helpers over one generator. */
function chooser(rng) {
  const r = {
    next: rng,
    int: (lo, hi) => lo + Math.floor(rng() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(rng() * list.length)],
    chance: (p) => rng() < p,
    /** One of `table`'s [weight, value] pairs, by weight. */
    weighted: (table) => {
      const total = table.reduce((s, [w]) => s + w, 0);
      let x = rng() * total;
      for (const [w, v] of table) {
        x -= w;
        if (x < 0) return v;
      }
      return table.at(-1)[1];
    },
    shuffle: (list) => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
  return r;
}

// --- values ----------------------------------------------------------------------------------

/**
 * Strings for every text field and every address field: empty and blank, numbers of every
 * shape, long, right-to-left and bidirectional controls, markup and script, broken
 * percent-encoding, separators of the lab's own formats, invisible and combining characters.
 */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '-0',
  '1.5',
  '0,5',
  '1e3',
  '1e308',
  'NaN',
  'Infinity',
  '0x1F',
  '007',
  '99999999999999999999999',
  '18446744073709551616',
  'x'.repeat(300),
  'y'.repeat(5_000),
  '🦀'.repeat(65),
  'a'.repeat(64),
  '\u202Eevil\u202C',
  '\u2067abc\u2069',
  'שלום עולם',
  'مرحبا بالعالم',
  '\u200F1,2\u200E',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  "'; alert(1)//",
  '{{7*7}}${7*7}',
  '&amp;&lt;b&gt;',
  '%',
  '%E2%82',
  '%00',
  '\u0000',
  '\t\n\r',
  'a,a',
  ',,,',
  's:ring;n:a,a;v:-1',
  ';;::',
  '&c=ring',
  '#',
  '==',
  '1..',
  '..1',
  '5..1',
  'e\u0301\u0301\u0301',
  '\uFEFF',
  '\u00A0',
  'NULL',
  'undefined',
  '[object Object]',
  '../../etc/passwd',
  '\\u0041',
];

/** A random string: letters, digits, punctuation, non-Latin scripts, emoji, controls. */
function randomString(r, max = 40) {
  const pools = [
    'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '0123456789',
    ' ,.;:=&#%?/\\-_+*()[]{}<>"\'`~!@$^|',
    'àéèíïòóúüçñ·ŀ',
    'αβγδ你好世界שלוםمرحبا',
    '🦀🎉👍🏽',
    '\u202E\u202D\u200F\u200E\u2066\u2067\u2069\u200B\u0301\t\n',
  ];
  const n = r.int(0, max);
  let s = '';
  for (let i = 0; i < n; i++) {
    const pool = [...r.pick(pools)];
    s += r.pick(pool);
  }
  return s;
}

/** A garbage or hostile value (sometimes a valid one doubled or repeated). */
function hostileValue(r, valid) {
  return r.weighted([
    [5, () => r.pick(HOSTILE_STRINGS)],
    [3, () => randomString(r)],
    [1, () => randomString(r, 400)],
    [2, () => (valid ? `${valid},${valid}` : 'a,a')],
    [1, () => (valid ? `${valid}${valid}` : 'aa')],
    [1, () => (valid ? `${valid} ` : ' ')],
    [1, () => (valid ? valid.repeat(r.int(20, 2_000)) : 'z'.repeat(2_000))],
    [1, () => (valid ? `\u202E${valid}` : '\u202E')],
    [1, () => (valid ? `<b>${valid}</b>` : '<b>')],
  ])();
}

/** Numbers a "from–to" range accepts and those just beside it. */
function numberFor(r, lo, hi, decimals) {
  const fmt = (x) => (decimals ? String(Math.round(x * 100) / 100) : String(Math.round(x)));
  return r.weighted([
    [3, () => fmt(lo + r.next() * (hi - lo))],
    [2, () => fmt(lo + (r.next() ** 4) * (hi - lo))],
    [1, () => fmt(lo)],
    [1, () => fmt(hi)],
    [1, () => fmt(lo - (decimals ? 0.01 : 1))],
    [1, () => fmt(hi + (decimals ? 0.01 : 1))],
    [1, () => fmt(hi * 10)],
  ])();
}

const PRIMES = ['2', '3', '5', '7', '13', '101', '251', '65537', '131071', '2000003'];
const NOT_PRIMES = ['1', '0', '4', '100', '65536', '2000004', '3000017'];

/** Node names: the lesson's, short ones, and sometimes a duplicate or an empty one. */
function nodeList(r) {
  const count = r.weighted([[6, r.int(1, 6)], [2, r.int(7, 32)], [1, r.int(33, 40)]]);
  const names = [];
  for (let i = 0; i < count; i++) {
    names.push(
      r.weighted([
        [5, `n${i}`],
        [3, r.pick(['inv-bcn', 'inv-vlc', 'inv-gir', 'inv-lle', 'inv-tgn', 'inv-mad'])],
        [1, randomString(r, 12)],
        [1, r.pick(HOSTILE_STRINGS)],
      ]),
    );
  }
  return names;
}

/**
 * A value for a field described by `rule` (the teachers' page's text in English: "a whole
 * number from 1 to 64", "one of: a, b", "1–1000", "0.1–5 each", "modulo, ring, …", "off (or
 * on)", or words) with `def` as its default. Valid most of the time when `valid`.
 */
function valueForRule(r, { name, rule = '', def = '' }, valid, info) {
  const cleanNum = (s) => Number(s.replace(/,/g, ''));
  const whole = rule.match(/whole number from ([\d,]+) to ([\d,]+)/);
  const choice = rule.match(/^one of: (.*)$/);
  const range = rule.match(/(\d[\d,]*(?:\.\d+)?)\s*(?:–|to)\s*(\d[\d,]*(?:\.\d+)?)/);
  let good;
  if (name === 'p') good = () => r.pick(info.presets.length ? info.presets : ['lesson']);
  else if (name === 'embed') good = () => r.pick(info.views.length ? info.views : ['ring']);
  else if (name === 'c') good = () => r.pick(info.allSlugs);
  else if (name === 'l') good = () => r.pick(LANGS);
  else if (name === 'n') good = () => nodeList(r).map(encodeURIComponent).join(',');
  else if (name === 'w') good = () => Array.from({ length: r.int(1, 8) }, () => numberFor(r, 0.1, 5, true)).join(',');
  else if (name === 'm') good = () => r.pick(valid ? PRIMES : NOT_PRIMES);
  else if (name === 'key') good = () => encodeURIComponent(r.chance(0.5) ? `P-2026-${String(r.int(1, 999999)).padStart(6, '0')}` : randomString(r, 30));
  else if (name === 'cmp') {
    good = () =>
      [
        `s:${r.pick(['ring', 'modulo', 'rendezvous', 'jump', 'maglev', 'bounded', 'multiprobe', 'ketama'])}`,
        r.chance(0.7) ? `n:${nodeList(r).slice(0, 8).map(encodeURIComponent).join(',')}` : null,
        r.chance(0.5) ? `v:${numberFor(r, 1, 1000, false)}` : null,
        r.chance(0.3) ? `r:${r.int(1, 4)}` : null,
      ]
        .filter(Boolean)
        .join(';');
  } else if (name === 'quiz' || name === 'qi') good = () => String(r.weighted([[3, r.int(0, 20)], [1, r.int(0, 2 ** 32)]]));
  else if (whole) good = () => numberFor(r, cleanNum(whole[1]), cleanNum(whole[2]), false);
  else if (choice) good = () => r.pick(choice[1].split(/,\s*/));
  else if (/^(off|on) \((or|o|u) (on|off)\)$/.test(rule)) good = () => r.pick(['on', 'off']);
  else if (range) {
    const [lo, hi] = [cleanNum(range[1]), cleanNum(range[2])];
    const decimals = /\./.test(range[1] + range[2]) || name === 'lf';
    good = () => numberFor(r, lo, hi, decimals);
  } else if (/, /.test(rule) && !/\s\w+\s\w+\s/.test(rule)) good = () => r.pick(rule.split(/,\s*/));
  else if (def) {
    // A rule in words ("two days FROM..TO", "names separated by commas"): the default, and
    // the default reshaped.
    good = () =>
      r.weighted([
        [3, def],
        [1, def.replace(/\d+/g, (d) => String(Math.max(0, Number(d) + r.int(-3, 3))))],
        [1, def.split(/([,.;:]+)/).reverse().join('')],
      ]);
  } else good = () => randomString(r, 12);
  if (valid) return good();
  return r.chance(0.25) ? encodeURIComponent(hostileValue(r, good())) : encodeMaybe(r, hostileValue(r, good()));
}

/** Percent-encoded, or sometimes raw (the browser encodes what it must; lone surrogates stay). */
function encodeMaybe(r, s) {
  if (r.chance(0.3)) return s.replace(/[#\s]/g, (c) => encodeURIComponent(c));
  try {
    return encodeURIComponent(s);
  } catch {
    return s.replace(/[^\w-]/g, '_');
  }
}

/**
 * A random address for `slug` (without `#`): its chapter, the language and mode asked for,
 * and a few of its fields, valid or not, sometimes doubled, with an unknown field or a preset.
 * `base` is { lang, mode, view }. Returns { fragment, valid } (valid: every field was drawn
 * valid, so the page should show it without a notice unless fields conflict).
 */
export function addressFor(info, slug, r, { lang, mode, view }) {
  const chapter = info.chapters.find((c) => c.slug === slug);
  // What a value may name: the chapter's presets and views, and every chapter.
  const known = { ...chapter, allSlugs: info.allSlugs };
  const fields = chapter.study ? chapter.fields : info.general.filter((f) => !FRAME_FIELDS.has(f.name));
  const parts = [`c=${slug}`];
  let valid = true;
  if (r.chance(0.95)) parts.push(`l=${lang}`);
  else {
    parts.push(`l=${valueForRule(r, { name: 'l' }, false, known)}`);
    valid = false;
  }
  if (mode === 'projector') parts.push('projector=on');
  if (mode === 'embed' && view) parts.push(`embed=${view}`);
  const count = r.weighted([[2, 0], [4, 1], [3, 2], [2, 3], [1, 6]]);
  for (let i = 0; i < count && fields.length > 0; i++) {
    const f = r.pick(fields);
    const good = r.chance(0.65);
    valid &&= good;
    parts.push(`${f.name}=${valueForRule(r, f, good, known)}`);
    if (r.chance(0.08)) {
      // The same field twice.
      parts.push(`${f.name}=${valueForRule(r, f, r.chance(0.5), known)}`);
      valid = false;
    }
  }
  if (r.chance(0.15)) parts.splice(r.int(1, parts.length), 0, `p=${valueForRule(r, { name: 'p' }, true, known)}`);
  if (r.chance(0.1)) {
    parts.push(`${r.pick(['zz', 'x', '', 'C', 'L', '__proto__', 'constructor'])}=${encodeMaybe(r, hostileValue(r, '1'))}`);
    valid = false;
  }
  if (r.chance(0.05)) {
    const f = r.pick([...FRAME_FIELDS]);
    parts.push(`${f}=${valueForRule(r, info.general.find((g) => g.name === f) ?? { name: f }, false, known)}`);
    valid = false;
  }
  if (r.chance(0.04)) {
    parts.push(r.pick(['&&&', '=', '%', '%E2%82', `${'&'.repeat(500)}`, `a=${'b'.repeat(20_000)}`]));
    valid = false;
  }
  const fragment = r.chance(0.1) ? r.shuffle(parts).join('&') : parts.join('&');
  return { fragment, valid };
}

/** The fields every chapter's address has, which the frame reads (drawn for the mode). */
const FRAME_FIELDS = new Set(['c', 'l', 'embed', 'projector', 'links']);

// --- what the chapters are -------------------------------------------------------------------

/**
 * The chapters of the chapter bar and their address tables, as the teachers' page lists them:
 * { allSlugs, general: [{name, rule}], chapters: [{slug, study, fields: [{name, rule, def}],
 * presets, views}] }.
 */
export async function discover(browser, server) {
  const opened = await openPage(browser, server.origin);
  try {
    await opened.page.goto(`${server.url}#c=teachers&l=en`);
    await waitForReady(opened.page);
    await opened.page.waitForSelector('#teachers-presets', { state: 'attached' });
    return await opened.page.evaluate(() => {
      const cells = (row) => [...row.cells].map((c) => c.textContent.trim());
      const allSlugs = [
        ...new Set(
          // The chapter bar's chapters, and the teachers' page (its link is in the header).
          [...document.querySelectorAll('nav a[href^="#c="], a[data-chapter="teachers"][href^="#c="]')]
            .map((a) => new URL(a.href).hash.match(/c=([a-z-]+)/)?.[1])
            .filter(Boolean),
        ),
      ];
      const general = [...document.querySelectorAll('#teachers-fields tr[data-field]')].map((row) => ({
        name: row.dataset.field,
        rule: cells(row)[2],
      }));
      const views = [...document.querySelectorAll('#teachers-views tr[data-view]')].map((r) => r.dataset.view.split(':'));
      const chapters = allSlugs.map((slug) => {
        const table = document.getElementById(`teachers-fields-${slug}`);
        const fields = table
          ? [...table.querySelectorAll('tr[data-field]')].map((row) => {
              const c = cells(row);
              return { name: row.dataset.field, rule: c[2], def: c[3] === '—' ? '' : c[3] };
            })
          : [];
        return {
          slug,
          study: table !== null,
          fields,
          presets: [...document.querySelectorAll(`#teachers-presets tr[data-chapter="${slug}"]`)].map((r) => r.dataset.preset),
          views: views.filter(([c]) => c === slug).map(([, v]) => v),
        };
      });
      return { allSlugs, general, chapters };
    });
  } finally {
    await opened.context.close();
  }
}

// --- the page under input --------------------------------------------------------------------

/**
 * Runs before any page script, in every frame: records long tasks and CSP violations, and keeps
 * the page on the lab (links that leave it and window.open do nothing).
 */
function instrument() {
  const seen = { longTasks: [], csp: [], blocked: 0 };
  Object.defineProperty(window, '__fuzz', { value: seen });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) seen.longTasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    seen.noLongTaskApi = true;
  }
  document.addEventListener('securitypolicyviolation', (e) => {
    seen.csp.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}${e.sample ? ` (${e.sample})` : ''}`);
  });
  const leaves = (a) => {
    const href = a.getAttribute('href') ?? '';
    return !href.startsWith('#') || a.hasAttribute('download') || (a.target && a.target !== '_self');
  };
  document.addEventListener(
    'click',
    (e) => {
      const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (a && leaves(a)) {
        e.preventDefault();
        seen.blocked++;
      }
    },
    true,
  );
  // A modified click on an in-page link opens a new tab: the fuzzer's clicks carry no modifier,
  // but a key held by a keyboard action may be down.
  document.addEventListener('auxclick', (e) => e.preventDefault(), true);
  window.open = () => null;
}

/** Where the fuzzer's pointer can land in the frame: visible, enabled elements, with a selector. */
function collectTargets() {
  const sel =
    'button, a[href], input, select, textarea, summary, canvas, svg, [tabindex], [role="slider"], [role="tab"], [role="button"], label, th, td, dialog, output';
  const pathOf = (el) => {
    if (el.id) return `#${CSS.escape(el.id)}`;
    const parts = [];
    for (let e = el; e && e.nodeType === 1 && e !== document.documentElement; e = e.parentElement) {
      if (e.id) {
        parts.unshift(`#${CSS.escape(e.id)}`);
        break;
      }
      const same = [...(e.parentElement?.children ?? [])].filter((s) => s.tagName === e.tagName);
      parts.unshift(`${e.tagName.toLowerCase()}${same.length > 1 ? `:nth-of-type(${same.indexOf(e) + 1})` : ''}`);
    }
    return parts.join(' > ');
  };
  const out = [];
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  for (const el of document.querySelectorAll(sel)) {
    const rect = el.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1 || rect.bottom < 0 || rect.right < 0 || rect.top > vh || rect.left > vw) continue;
    if (el.closest('[hidden], [inert]')) continue;
    out.push({
      sel: pathOf(el),
      tag: el.tagName.toLowerCase(),
      type: (el.getAttribute('type') ?? '').toLowerCase(),
      disabled: el.disabled === true,
      x: rect.left,
      y: rect.top,
      w: rect.width,
      h: rect.height,
      options: el.tagName === 'SELECT' ? [...el.options].map((o) => o.value) : undefined,
    });
  }
  return out;
}

const KEYS = [
  'Tab',
  'Shift+Tab',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Enter',
  'Space',
  'Escape',
  'Backspace',
  'Delete',
  'Shift+ArrowRight',
  'Shift+ArrowLeft',
  'Control+a',
  'a',
  'z',
  '1',
  '-',
  '.',
  ',',
  '?',
];

/** Values for a control, by kind: what it takes, what it takes not, hostile strings. */
function controlValue(r, target) {
  if (target.type === 'range' || target.type === 'number') {
    return r.weighted([
      [3, () => String(r.int(-5, 2_000))],
      [1, () => String(r.int(0, 2_000_000))],
      [2, () => r.pick(['', '0', '-1', '1.5', '1e3', '1e308', 'NaN', '99999999999999999999999', '0.0001'])],
    ])();
  }
  return r.weighted([
    [3, () => r.pick(HOSTILE_STRINGS)],
    [2, () => randomString(r, 30)],
    [1, () => `P-2026-${String(r.int(0, 1_000_000)).padStart(6, '0')}`],
    [1, () => r.pick(['inv-bcn', 'n1', 'a', 'A', 'inv-bcn,inv-vlc', 'formatge-curat', '2026-03-01..2026-03-07'])],
  ])();
}

const DOWN = 'mousePressed';

/**
 * One combination (chapter, language, mode) under input for `ms` milliseconds, on `ctx`:
 * { page, frame, offset, cdp, size, log, failures, info, base }. Each action is appended to
 * `ctx.log` as performed.
 */
async function fuzzCombination(ctx, { seed, slug, lang, mode, view, ms, verbose }) {
  const end = Date.now() + ms;
  const base = { lang, mode, view };
  // The combination opens at its own address, set as a visitor would follow a link.
  const startFragment = `c=${slug}&l=${lang}${mode === 'projector' ? '&projector=on' : ''}${mode === 'embed' && view ? `&embed=${view}` : ''}`;
  await perform(ctx, { a: 'hash', fragment: startFragment }, verbose);
  await waitUntilReady(ctx, 60_000);
  let targets = [];
  let targetsAge = Infinity;
  for (let i = 0; Date.now() < end; i++) {
    const r = chooser(mulberry32(seedFor(seed, slug, lang, mode, i)));
    if (targetsAge > 8 || r.chance(0.05)) {
      targets = await ctx.frame.evaluate(collectTargets).catch(() => []);
      targetsAge = 0;
    }
    targetsAge++;
    const action = drawAction(r, ctx, targets, { slug, base });
    if (!action) continue;
    await perform(ctx, action, verbose);
    if (action.a === 'hash' || action.a === 'load' || action.a === 'resize') targetsAge = Infinity;
    if (i % 10 === 9 || action.a === 'load') {
      await check(ctx);
      if (ctx.failures.length > 0) return;
    }
  }
  await check(ctx);
}

/** The action number `i` (already seeded in `r`), resolved against the targets on screen. */
function drawAction(r, ctx, targets, { slug, base }) {
  const { w: vw, h: vh } = ctx.size;
  const point = () => {
    // Mostly on an element, else anywhere in the frame (and a little around it).
    const enabled = targets.filter((t) => !t.disabled);
    if (enabled.length > 0 && r.chance(0.7)) {
      const t = r.pick(enabled);
      return {
        x: Math.round(ctx.offset.x + t.x + r.next() * t.w),
        y: Math.round(ctx.offset.y + t.y + r.next() * t.h),
        on: t.sel,
      };
    }
    return { x: Math.round(ctx.offset.x + r.next() * vw), y: Math.round(ctx.offset.y + r.next() * vh) };
  };
  const kind = r.weighted([
    [22, 'click'],
    [10, 'drag'],
    [4, 'wheel'],
    [9, 'tap'],
    [6, 'touchDrag'],
    [2, 'pinch'],
    [18, 'keys'],
    [12, 'fill'],
    [5, 'select'],
    [7, 'hash'],
    [1, 'load'],
    [2, 'resize'],
  ]);
  switch (kind) {
    case 'click': {
      const p = point();
      return { a: 'click', x: p.x, y: p.y, on: p.on, count: r.chance(0.1) ? 2 : 1 };
    }
    case 'drag': {
      const sliders = targets.filter((t) => (t.type === 'range' || t.tag === 'canvas') && !t.disabled);
      const from = sliders.length > 0 && r.chance(0.6) ? (() => {
        const t = r.pick(sliders);
        return { x: Math.round(ctx.offset.x + t.x + r.next() * t.w), y: Math.round(ctx.offset.y + t.y + t.h / 2), on: t.sel };
      })() : point();
      const steps = r.int(2, 12);
      const to = { x: Math.round(from.x + (r.next() - 0.5) * 600), y: Math.round(from.y + (r.next() - 0.5) * 120) };
      return { a: 'drag', from, to, steps };
    }
    case 'wheel':
      return { a: 'wheel', ...point(), dx: 0, dy: r.pick([-600, -120, 120, 600, 2400]) };
    case 'tap': {
      const p = point();
      return { a: 'tap', x: p.x, y: p.y, on: p.on };
    }
    case 'touchDrag': {
      const from = point();
      const steps = r.int(2, 10);
      return { a: 'touchDrag', from, to: { x: Math.round(from.x + (r.next() - 0.5) * 500), y: Math.round(from.y + (r.next() - 0.5) * 400) }, steps };
    }
    case 'pinch': {
      const c = point();
      return { a: 'pinch', x: c.x, y: c.y, spread: r.int(-150, 150), steps: r.int(2, 6) };
    }
    case 'keys': {
      const n = r.weighted([[5, 1], [3, r.int(2, 5)], [1, r.int(6, 25)]]);
      const key = r.pick(KEYS);
      const keys = r.chance(0.5) ? Array(n).fill(key) : Array.from({ length: n }, () => r.pick(KEYS));
      return { a: 'keys', keys };
    }
    case 'fill': {
      const fields = targets.filter((t) => (t.tag === 'input' && !['checkbox', 'radio', 'button', 'submit', 'file', 'color'].includes(t.type)) || t.tag === 'textarea');
      if (fields.length === 0) return { a: 'keys', keys: [r.pick(KEYS)] };
      const t = r.pick(fields);
      return { a: 'fill', sel: t.sel, value: controlValue(r, t), then: r.pick(['Enter', 'Tab', 'Enter', 'none', 'Escape']) };
    }
    case 'select': {
      const selects = targets.filter((t) => t.tag === 'select' && !t.disabled && t.options?.length > 0);
      const checks = targets.filter((t) => t.tag === 'input' && ['checkbox', 'radio'].includes(t.type) && !t.disabled);
      if (selects.length > 0 && (checks.length === 0 || r.chance(0.6))) {
        const t = r.pick(selects);
        return { a: 'select', sel: t.sel, value: r.pick(t.options) };
      }
      if (checks.length > 0) {
        const t = r.pick(checks);
        return { a: 'click', x: Math.round(ctx.offset.x + t.x + t.w / 2), y: Math.round(ctx.offset.y + t.y + t.h / 2), on: t.sel, count: 1 };
      }
      return { a: 'keys', keys: ['Tab'] };
    }
    case 'hash':
    case 'load': {
      const { fragment } = addressFor(ctx.info, r.chance(0.9) ? slug : r.pick(ctx.info.allSlugs), r, base);
      return { a: kind, fragment };
    }
    case 'resize': {
      if (ctx.embedded) return { a: 'keys', keys: ['Escape'] };
      const [w, h] = r.pick([[360, 640], [412, 915], [768, 1024], [1024, 768], [1280, 800], [1366, 900], [1920, 1080], [320, 480]]);
      return { a: 'resize', w, h };
    }
    default:
      return null;
  }
}

/** Performs one logged action (also from a replayed log). Errors of the action itself (an
 * element gone by the time it is reached) are the fuzzer's, not the page's: they are noted. */
async function perform(ctx, action, verbose) {
  const { page, frame, cdp } = ctx;
  ctx.log.push(action);
  if (verbose) console.log(`  ${new Date().toISOString().slice(14, 23)} #${ctx.log.length - 1} ${JSON.stringify(action).slice(0, 300)}`);
  const quick = { timeout: 1_000 };
  try {
    switch (action.a) {
      case 'click':
        await page.mouse.click(action.x, action.y, { clickCount: action.count ?? 1 });
        break;
      case 'drag': {
        await page.mouse.move(action.from.x, action.from.y);
        await page.mouse.down();
        await page.mouse.move(action.to.x, action.to.y, { steps: action.steps });
        await page.mouse.up();
        break;
      }
      case 'wheel':
        await page.mouse.move(action.x, action.y);
        await page.mouse.wheel(action.dx, action.dy);
        break;
      case 'tap':
        await touch(cdp, 'touchStart', [{ x: action.x, y: action.y }]);
        await touch(cdp, 'touchEnd', []);
        break;
      case 'touchDrag': {
        await touch(cdp, 'touchStart', [{ x: action.from.x, y: action.from.y }]);
        for (let s = 1; s <= action.steps; s++) {
          const f = s / action.steps;
          await touch(cdp, 'touchMove', [{ x: action.from.x + (action.to.x - action.from.x) * f, y: action.from.y + (action.to.y - action.from.y) * f }]);
        }
        await touch(cdp, 'touchEnd', []);
        break;
      }
      case 'pinch': {
        const at = (d) => [
          { x: action.x - 40 - d, y: action.y, id: 0 },
          { x: action.x + 40 + d, y: action.y, id: 1 },
        ];
        await touch(cdp, 'touchStart', at(0));
        for (let s = 1; s <= action.steps; s++) await touch(cdp, 'touchMove', at((action.spread * s) / action.steps));
        await touch(cdp, 'touchEnd', []);
        break;
      }
      case 'keys':
        for (const k of action.keys) await page.keyboard.press(k);
        break;
      case 'fill': {
        const type = await frame.$eval(action.sel, (el) => (el.getAttribute('type') ?? '').toLowerCase(), quick);
        if (type === 'range') {
          // A slider takes no typing: its value set as a drag would, with the events a drag
          // sends (the browser clamps and rounds it).
          await frame.$eval(
            action.sel,
            (el, v) => {
              el.value = v;
              el.dispatchEvent(new Event('input', { bubbles: true }));
              el.dispatchEvent(new Event('change', { bubbles: true }));
            },
            action.value,
          );
        } else {
          try {
            await frame.fill(action.sel, action.value, quick);
          } catch {
            // A number field refuses fill() for text: typed (pasted) instead, as a person can.
            await frame.focus(action.sel, quick);
            await page.keyboard.press('Control+a');
            await page.keyboard.insertText(action.value);
          }
        }
        if (action.then !== 'none') await frame.press(action.sel, action.then, quick);
        break;
      }
      case 'select':
        await frame.selectOption(action.sel, action.value, quick);
        break;
      case 'hash':
        await frame.evaluate((f) => {
          location.hash = f;
        }, action.fragment);
        break;
      case 'load':
        // The address opened afresh, in this tab.
        await reloadAt(ctx, action.fragment);
        break;
      case 'resize':
        await page.setViewportSize({ width: action.w, height: action.h });
        ctx.size = { w: action.w, h: action.h };
        break;
      default:
        throw new Error(`unknown action ${action.a}`);
    }
  } catch (err) {
    if (ctx.closed) throw err;
    action.skipped = String(err.message ?? err).split('\n')[0].slice(0, 160);
  }
}

function touch(cdp, type, points) {
  return cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map((p, i) => ({ x: Math.round(p.x), y: Math.round(p.y), id: p.id ?? i, radiusX: 4, radiusY: 4, force: 1 })),
  });
}

/** The lab's address in the tab, for a fragment. */
function labAddress(ctx, fragment) {
  return `${ctx.server.url}#${fragment}`;
}

/** Opens `fragment` afresh in the tab (in its frame, for embed mode). */
async function reloadAt(ctx, fragment) {
  if (ctx.embedded) {
    await ctx.page.goto(`${ctx.course.url}${ctx.courseFile}?${encodeURIComponent(labAddress(ctx, fragment))}`);
    ctx.frame = await labFrame(ctx.page);
  } else {
    await ctx.page.goto('about:blank');
    await ctx.page.goto(labAddress(ctx, fragment));
    ctx.frame = ctx.page.mainFrame();
  }
  await waitUntilReady(ctx, 60_000);
  // A fresh load's own tasks (compiling the modules, the first layout) are the benchmark's:
  // long tasks are counted from the moment it is ready.
  await ctx.frame.evaluate(() => window.__fuzz?.longTasks.splice(0)).catch(() => {});
}

/** Waits until the lab in the tab is ready; a crash or a timeout is a failure. */
async function waitUntilReady(ctx, timeout) {
  try {
    await waitForReady(ctx.frame, timeout);
  } catch (err) {
    const state = await ctx.frame.evaluate(() => document.getElementById('app')?.getAttribute('data-state')).catch(() => '?');
    fail(ctx, 'not ready', `the lab did not become ready (state ${state}) at ${await currentAddress(ctx)}: ${String(err.message).split('\n')[0]}`);
  }
}

async function currentAddress(ctx) {
  return ctx.frame.evaluate(() => location.href).catch(() => '?');
}

function fail(ctx, kind, message) {
  ctx.failures.push({ kind, message, action: ctx.log.length - 1, combination: ctx.combination });
}

/** Reads what the page recorded since the last check and turns it into failures. */
async function check(ctx) {
  for (const e of ctx.errors.splice(0)) fail(ctx, 'error', e);
  const seen = await ctx.frame
    .evaluate(() => {
      const s = window.__fuzz;
      if (!s) return null;
      const out = { longTasks: s.longTasks.splice(0), csp: s.csp.splice(0), state: document.getElementById('app')?.getAttribute('data-state') };
      return out;
    })
    .catch(() => null);
  if (!seen) return;
  for (const v of seen.csp) fail(ctx, 'csp', `CSP violation: ${v}`);
  for (const t of seen.longTasks) {
    if (t.duration > ctx.longTaskMs) fail(ctx, 'long task', `a task of ${t.duration} ms (at ${t.start} ms)`);
  }
  if (seen.state === 'crashed') {
    const text = await ctx.frame.evaluate(() => document.getElementById('app')?.textContent.trim().slice(0, 300)).catch(() => '');
    fail(ctx, 'crash', `the page says it crashed: ${text}`);
  }
}

/** Waits until the page has applied everything and no change is being computed. */
async function settleOrFail(ctx, timeout = 60_000) {
  try {
    await ctx.frame.waitForFunction(
      () => {
        const app = document.getElementById('app');
        return app?.getAttribute('data-busy') !== 'true' && app?.getAttribute('data-pending-change') !== 'true';
      },
      null,
      { timeout },
    );
  } catch {
    fail(ctx, 'busy', `still busy ${timeout / 1000} s after the input stopped, at ${await currentAddress(ctx)}`);
  }
}

/** The lab's frame in the course page, once the lab in it is ready. */
async function labFrame(page) {
  const handle = await page.waitForSelector('#lab');
  return handle.contentFrame();
}

/**
 * The addresses the page showed at the end of each combination must open afresh: each, loaded
 * as a new document in a new tab, becomes ready with none of the failures above (its own long
 * tasks at load are the benchmark's, not counted here).
 */
async function addressesOpen(ctx) {
  if (ctx.addresses.length === 0) return;
  const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const errors = watch(context, page, [ctx.server.origin]);
  try {
    for (const { combination, address, at } of ctx.addresses) {
      ctx.combination = `${combination}, its address opened afresh`;
      const failed = (message) => ctx.failures.push({ kind: 'address', message, action: at, combination: ctx.combination });
      try {
        await page.goto('about:blank');
        errors.length = 0;
        await page.goto(address);
        await waitForReady(page, 60_000);
        const state = await page.evaluate(() => ({ csp: window.__fuzz?.csp ?? [], state: document.getElementById('app')?.getAttribute('data-state') }));
        for (const e of errors) failed(`${address}: ${e}`);
        for (const v of state.csp) failed(`${address}: CSP violation: ${v}`);
        if (state.state === 'crashed') failed(`${address}: the page crashed`);
      } catch (err) {
        failed(`${address} no longer opens: ${String(err.message).split('\n')[0]}`);
      }
      if (ctx.failures.length > 0) break;
    }
  } finally {
    ctx.addresses.length = 0;
    await context.close();
  }
}

/**
 * One chapter: a tab for normal and projector mode and a course page for embed mode, each
 * through its languages. Returns { failures, log, seconds }.
 */
async function fuzzChapter(env, chapter, { seed, seconds, langs, modes, longTaskMs, verbose, replay }) {
  const r = chooser(mulberry32(seedFor(seed, chapter.slug, 'order')));
  const combos = r.shuffle(langs.flatMap((lang) => modes.map((mode) => ({ lang, mode }))));
  const view = chapter.views.length > 0 ? r.pick(chapter.views) : null;
  const tabs = [combos.filter((c) => c.mode !== 'embed'), combos.filter((c) => c.mode === 'embed')].filter((t) => t.length > 0);
  const ms = (seconds * 1000) / Math.max(1, combos.length);
  const failures = [];
  const log = [];
  const started = Date.now();
  // A replayed log: its actions per tab, as recorded.
  const replayTabs = replay ? splitTabs(replay) : null;
  for (const [t, tab] of (replayTabs ?? tabs).entries()) {
    const embedded = replayTabs ? tab.embedded : tab[0].mode === 'embed';
    const open = replayTabs ? tab.open : `c=${chapter.slug}&l=${tab[0].lang}${embedded && view ? `&embed=${view}` : ''}`;
    const origins = embedded ? [env.server.origin, env.course.origin] : [env.server.origin];
    // Touch events need a touch screen; the context keeps its mouse and keyboard.
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true, locale: 'en-GB' });
    const ctx = {
      browser: env.browser,
      server: env.server,
      course: env.course,
      courseFile: env.courseFile,
      info: env.info,
      embedded,
      size: embedded ? { w: 960, h: 640 } : { w: 1280, h: 800 },
      offset: { x: 0, y: 0 },
      log,
      failures,
      longTaskMs,
      combination: `${chapter.slug} tab ${t + 1} (opening ${open})`,
      addresses: [],
    };
    await context.addInitScript(instrument);
    const page = await context.newPage();
    ctx.errors = watch(context, page, origins);
    ctx.page = page;
    ctx.cdp = await context.newCDPSession(page);
    try {
      log.push({ a: 'tab', embedded, open });
      await reloadAt(ctx, open);
      if (embedded) {
        const box = await (await page.$('#lab')).boundingBox();
        ctx.offset = { x: Math.round(box.x), y: Math.round(box.y) };
      }
      if (replayTabs) {
        for (const action of tab.actions) {
          if (action.a === 'note') {
            ctx.combination = action.combination;
            log.push(action);
            continue;
          }
          await perform(ctx, action, verbose);
          await check(ctx);
          if (failures.length > 0) break;
        }
        if (failures.length === 0) await endOfCombination(ctx);
      } else {
        for (const { lang, mode } of tab) {
          ctx.combination = `${chapter.slug} ${lang} ${mode}`;
          log.push({ a: 'note', combination: ctx.combination });
          await fuzzCombination(ctx, { seed, slug: chapter.slug, lang, mode, view, ms, verbose });
          if (failures.length > 0) break;
          await endOfCombination(ctx);
          if (failures.length > 0) break;
        }
      }
    } finally {
      ctx.closed = true;
      await context.close().catch(() => {});
    }
    if (failures.length > 0) break;
    // Whatever the input left, its addresses open afresh.
    await addressesOpen(ctx);
    if (failures.length > 0) break;
  }
  return { failures, log, seconds: (Date.now() - started) / 1000 };
}

/** After a combination's input: the page settles; the address it shows is kept for a check. */
async function endOfCombination(ctx) {
  await settleOrFail(ctx);
  await check(ctx);
  if (ctx.failures.length > 0) return;
  ctx.addresses.push({ combination: ctx.combination, address: await currentAddress(ctx), at: ctx.log.length - 1 });
}

/** A log's actions split at its tabs: [{ embedded, open, actions }]. */
function splitTabs(actions) {
  const tabs = [];
  for (const a of actions) {
    if (a.a === 'tab') tabs.push({ embedded: a.embedded, open: a.open, actions: [] });
    else tabs.at(-1)?.actions.push(a);
  }
  return tabs;
}

/** Records the failures openPage() would, for a context made here (with a touch screen). */
function watch(context, page, origins) {
  const errors = [];
  const allowed = (url) => {
    const u = new URL(url);
    if (['data:', 'blob:', 'about:'].includes(u.protocol)) return true;
    return origins.includes(u.origin);
  };
  context.route(
    (url) => !allowed(url.href),
    (route) => {
      errors.push(`request to another origin: ${route.request().url()}`);
      return route.abort('blockedbyclient');
    },
  );
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => errors.push(`uncaught: ${err.stack ?? err}`));
  page.on('dialog', (dialog) => {
    errors.push(`dialog: ${dialog.message()}`);
    dialog.dismiss().catch(() => {});
  });
  page.on('popup', (p) => {
    errors.push(`a new window opened: ${p.url()}`);
    p.close().catch(() => {});
  });
  page.on('requestfailed', (req) => {
    const text = req.failure()?.errorText ?? '';
    // A request cut short by the fuzzer's own next navigation is not the page's.
    if (allowed(req.url()) && text !== 'net::ERR_ABORTED') errors.push(`request failed: ${req.url()} (${text})`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && !res.url().endsWith('/favicon.ico')) errors.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  return errors;
}

/** The course page: the lab in an iframe whose address is the page's query (another origin). */
function writeCoursePage(dir) {
  const file = 'course.html';
  fs.writeFileSync(
    path.join(dir, file),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course</title>
<link rel="icon" href="data:,"></head><body style="margin:0">
<p style="margin:0;height:40px">A course page</p>
<iframe id="lab" title="Partlab" width="960" height="640" style="border:0;display:block"></iframe>
<script>document.getElementById('lab').src = decodeURIComponent(location.search.slice(1));</script>
</body></html>`,
  );
  return file;
}

/**
 * Runs the fuzzer. Options: seed, seconds (per chapter), chapters / langs / modes (lists; every
 * one by default), longTaskMs, verbose, replay ({chapter, actions} from a log file), known (a
 * list of { chapter, kind, pattern: RegExp, reason }: failures that match are reported as known
 * and do not fail), onChapter(result) after each chapter.
 * Returns { seed, seconds, chapters: [{ slug, failures, known, actions, seconds, logFile }] }.
 */
export async function runFuzz({
  seed = DEFAULT_SEED,
  seconds = DEFAULT_SECONDS,
  chapters: only,
  langs = LANGS,
  modes = MODES,
  longTaskMs = DEFAULT_LONG_TASK_MS,
  verbose = false,
  replay = null,
  known = [],
  onChapter = () => {},
} = {}) {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error(`${DIST}/index.html not found: run scripts/build.sh first`);
  const browser = await launchBrowser();
  const server = await startServer({ root: DIST, csp: true });
  const courseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'partlab-fuzz-course-'));
  const course = await startServer({ root: courseDir });
  const courseFile = writeCoursePage(courseDir);
  const results = [];
  try {
    const info = await discover(browser, server);
    const env = { browser, server, course, courseFile, info };
    let chapters = info.chapters;
    if (replay) chapters = chapters.filter((c) => c.slug === replay.chapter);
    else if (only?.length) chapters = chapters.filter((c) => only.includes(c.slug));
    if (chapters.length === 0) throw new Error(`no chapter to fuzz (asked for ${only ?? replay?.chapter}; the bar has ${info.allSlugs.join(', ')})`);
    for (const chapter of chapters) {
      const opts = { seed, seconds, langs, modes, longTaskMs, verbose, replay: replay?.actions ?? null };
      let run = await fuzzChapter(env, chapter, opts);
      // A long task alone may be the shared machine's: it counts when it comes back.
      if (!replay && run.failures.length > 0 && run.failures.every((f) => f.kind === 'long task')) {
        const again = await fuzzChapter(env, chapter, opts);
        if (!again.failures.some((f) => f.kind === 'long task')) {
          run = { ...again, retried: run.failures };
        } else run = again;
      }
      const isKnown = (f) => known.find((k) => (!k.chapter || k.chapter === chapter.slug) && (!k.kind || k.kind === f.kind) && k.pattern.test(f.message));
      const result = {
        slug: chapter.slug,
        failures: run.failures.filter((f) => !isKnown(f)),
        known: run.failures.filter(isKnown).map((f) => ({ ...f, reason: isKnown(f).reason })),
        retried: run.retried ?? [],
        actions: run.log.filter((a) => a.a !== 'note').length,
        seconds: run.seconds,
        log: run.log,
      };
      if (run.failures.length > 0) {
        fs.mkdirSync(LOG_DIR, { recursive: true });
        result.logFile = path.join(LOG_DIR, `${seed}-${chapter.slug}.json`);
        fs.writeFileSync(
          result.logFile,
          JSON.stringify({ seed, seconds, chapter: chapter.slug, langs, modes, failures: run.failures, actions: run.log }, null, 1),
        );
      }
      results.push(result);
      onChapter(result, { seed, seconds, langs, modes });
    }
  } finally {
    await course.close();
    await server.close();
    await browser.close();
    fs.rmSync(courseDir, { recursive: true, force: true });
  }
  return { seed, seconds, chapters: results };
}

/** A chapter's result in a few lines: the failures, how to run it again, its last actions. */
export function describeResult(result, { seed, seconds, langs, modes }) {
  const lines = [];
  const head = `${result.slug}: ${result.actions} actions in ${result.seconds.toFixed(1)} s`;
  if (result.failures.length === 0) {
    lines.push(`${head}: ok${result.known.length ? ` (${result.known.length} known: ${[...new Set(result.known.map((k) => k.reason))].join('; ')})` : ''}`);
    if (result.retried.length) lines.push(`  (a long task on the first run did not come back: ${result.retried[0].message})`);
    return lines.join('\n');
  }
  lines.push(`${head}: FAILED`);
  for (const f of result.failures.slice(0, 8)) lines.push(`  [${f.kind}] after action #${f.action} (${f.combination}): ${f.message.slice(0, 600)}`);
  if (result.failures.length > 8) lines.push(`  … and ${result.failures.length - 8} more`);
  const narrow = [
    langs.length < LANGS.length ? `FUZZ_LANGS=${langs.join(',')} ` : '',
    modes.length < MODES.length ? `FUZZ_MODES=${modes.join(',')} ` : '',
  ].join('');
  lines.push(`  seed ${seed}; run it again: FUZZ_SEED=${seed} FUZZ_SECONDS=${seconds} FUZZ_CHAPTERS=${result.slug} ${narrow}node tests/e2e/fuzz.mjs`);
  if (result.logFile) {
    lines.push(`  input log: ${path.relative(process.cwd(), result.logFile)} (exactly again: node tests/e2e/fuzz.mjs --replay ${path.relative(process.cwd(), result.logFile)})`);
  }
  const last = result.log.slice(-15);
  lines.push(`  last ${last.length} actions:`);
  for (const a of last) lines.push(`    ${JSON.stringify(a).slice(0, 240)}`);
  return lines.join('\n');
}

// --- command line ----------------------------------------------------------------------------

function list(value) {
  return value ? value.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
}

async function main(argv) {
  const opts = {
    seed: Number(process.env.FUZZ_SEED ?? DEFAULT_SEED),
    seconds: Number(process.env.FUZZ_SECONDS ?? DEFAULT_SECONDS),
    chapters: list(process.env.FUZZ_CHAPTERS),
    langs: list(process.env.FUZZ_LANGS) ?? LANGS,
    modes: list(process.env.FUZZ_MODES) ?? MODES,
    longTaskMs: Number(process.env.FUZZ_LONG_TASK_MS ?? DEFAULT_LONG_TASK_MS),
    verbose: process.env.FUZZ_VERBOSE === '1',
    replayFile: process.env.FUZZ_REPLAY,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--seed') opts.seed = Number(value());
    else if (a === '--seconds') opts.seconds = Number(value());
    else if (a === '--chapters') opts.chapters = list(value());
    else if (a === '--langs') opts.langs = list(value());
    else if (a === '--modes') opts.modes = list(value());
    else if (a === '--long-task-ms') opts.longTaskMs = Number(value());
    else if (a === '--replay') opts.replayFile = value();
    else if (a === '--verbose' || a === '-v') opts.verbose = true;
    else {
      console.error('usage: [FUZZ_SEED=N] [FUZZ_SECONDS=S] node tests/e2e/fuzz.mjs [--seed N] [--seconds S] [--chapters a,b] [--langs ca,en,es] [--modes normal,projector,embed] [--long-task-ms 200] [--replay FILE] [--verbose]');
      process.exit(2);
    }
  }
  if (!Number.isInteger(opts.seed) || opts.seed < 0) throw new Error(`the seed must be a whole number ≥ 0 (got ${opts.seed})`);
  if (!(opts.seconds > 0)) throw new Error(`the seconds per chapter must be a number above 0 (got ${opts.seconds})`);
  for (const l of opts.langs) if (!LANGS.includes(l)) throw new Error(`unknown language ${l} (${LANGS.join(', ')})`);
  for (const m of opts.modes) if (!MODES.includes(m)) throw new Error(`unknown mode ${m} (${MODES.join(', ')})`);
  let replay = null;
  if (opts.replayFile) {
    const saved = JSON.parse(fs.readFileSync(opts.replayFile, 'utf8'));
    replay = { chapter: saved.chapter, actions: saved.actions.filter((a) => a.a !== 'note' || a.combination) };
    Object.assign(opts, { seed: saved.seed, seconds: saved.seconds, langs: saved.langs, modes: saved.modes });
  }
  const t0 = Date.now();
  console.log(
    `fuzz: seed ${opts.seed}, ${opts.seconds} s per chapter, languages ${opts.langs.join(' ')}, modes ${opts.modes.join(' ')}${replay ? `, replaying ${opts.replayFile}` : ''}`,
  );
  const result = await runFuzz({
    ...opts,
    replay,
    onChapter: (r, run) => console.log(describeResult(r, run)),
  });
  const failed = result.chapters.filter((c) => c.failures.length > 0);
  const actions = result.chapters.reduce((s, c) => s + c.actions, 0);
  console.log(
    `fuzz: ${result.chapters.length} chapters, ${actions} actions, ${((Date.now() - t0) / 1000).toFixed(0)} s: ${failed.length === 0 ? 'no failure' : `${failed.length} failed (${failed.map((c) => c.slug).join(', ')})`}`,
  );
  return failed.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(`fuzz: ${err.stack ?? err}`);
      process.exit(2);
    },
  );
}
