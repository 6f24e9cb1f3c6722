// Helpers for Partlab's browser end-to-end tests (node --test + playwright-core).
//
// - launchBrowser(): Debian's Chromium (/usr/bin/chromium, or $PARTLAB_CHROMIUM) in headless
//   mode; playwright-core never downloads a browser.
// - serveDist({ prefix, csp }): dist/ over http on a free loopback port (server.mjs, in this
//   process), optionally under a sub-path and with the Content-Security-Policy header.
//   Without options, reuses $PARTLAB_BASE_URL when it is set (a server started by hand).
// - openPage(browser, origin, options): a fresh page (own context: viewport, colour scheme,
//   locale, …) that records console errors, page errors, dialogs, failed requests and every
//   request to another origin (those are also aborted, so nothing leaves the machine).
// - useLab({ serve, defaults }): one browser and one server for a test file (registers its
//   before/after hooks); its open(fragment, options) opens the lab at that URL fragment and
//   waits until the page says it is ready; load(opened, fragment) reloads an open page there;
//   visit(fragment, options, body) runs a test's body on such a page and then checks it
//   logged no error (checkPage()).
// - useBrowser(), useServer(options): the browser, or the served dist/, alone, for files that
//   open their pages themselves (a file:// page, a page routed before it loads, …).
// - checkPage(opened, body, { message, ignore }): runs `body` on an opened page, asserts that
//   the page logged no error (but those `ignore` says the test caused), and closes it even
//   when the body failed.
// - keysPerNode(page), figureValue(page, name), figure(page, name), settle(page): read the
//   page's figures through its data-* hooks (src/page.rs), wait for the next rendered frame.
// - CLI, cliJson(...args), cliFigures(...args): the native `partlab` binary, the oracle for
//   figures; assertFiguresAsCli(page, cli, keys) compares a study chapter's figures with it.
// - auditOpened(page), assertOnlyView(page, shown, hidden), tocHrefs(lab, ...parts): a study
//   chapter's axe audit with its disclosures open, its embed mode, its link in the contents.
// - recordCspViolations(context): every `securitypolicyviolation` event of its pages;
//   holdRequests(context, url): a file held back until the test releases it.
// - waitForAppStarted(page): the wasm app has started and the page says it is ready.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

export const ROOT = path.resolve(here, '..', '..');
export const DIST = path.resolve(process.env.PARTLAB_DIST ?? path.join(ROOT, 'dist'));
/** The single file (scripts/standalone.mjs): beside dist/, not served; dist/ has it zipped. */
export const STANDALONE = path.join(path.dirname(DIST), 'standalone', 'partlab-standalone.html');
/** file:// URL of the single file. */
export const STANDALONE_URL = pathToFileURL(STANDALONE).href;
export const SCREENSHOTS = path.join(here, 'screenshots');

/** Chromium flags for automation on a machine without internet (see the toolchain notes). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser() {
  const executablePath = process.env.PARTLAB_CHROMIUM ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    throw new Error(`${executablePath} not found: run scripts/setup.sh (apt-get install chromium)`);
  }
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Serves dist/ on 127.0.0.1 (tests/e2e/server.mjs). Returns { url, origin, close, requests }:
 * `url` is the page (origin + prefix), `requests` what the server answered ({ method, path,
 * status }; empty when reusing $PARTLAB_BASE_URL).
 * @param {{prefix?: string, csp?: boolean}} [options] prefix: e.g. '/partlab/' (default '/');
 *   csp: send the Content-Security-Policy header (server.mjs CSP_HEADER).
 * @returns {Promise<{url: string, origin: string, close: () => Promise<void>, requests: object[]}>}
 */
export async function serveDist({ prefix, csp = false } = {}) {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(`${DIST}/index.html not found: run scripts/build.sh first`);
  }
  if (process.env.PARTLAB_BASE_URL && prefix === undefined && !csp) {
    const url = new URL(process.env.PARTLAB_BASE_URL);
    return { url: url.href, origin: url.origin, close: async () => {}, requests: [] };
  }
  const server = await startServer({ root: DIST, prefix: prefix ?? '/', csp });
  return { url: server.url, origin: server.origin, close: server.close, requests: server.requests };
}

/** file:// URL of a file under dist/. */
export function distFileUrl(name) {
  return pathToFileURL(path.join(DIST, name)).href;
}

/** Whether `url` may be requested: `allowedOrigin` is one origin or a list of them. */
function isAllowed(url, allowedOrigin) {
  const u = new URL(url);
  if (['data:', 'blob:', 'about:'].includes(u.protocol)) return true;
  const allowed = [allowedOrigin].flat();
  if (u.protocol === 'file:') return allowed.includes('file://');
  return allowed.includes(u.origin);
}

/**
 * Opens a new page (own context) whose requests may only go to `allowedOrigin`
 * ('http://127.0.0.1:PORT', or 'file://' for a local file).
 * Returns { context, page, errors, external, requests }: `errors` collects console errors,
 * page errors, dialogs (dismissed), failed requests, HTTP errors and requests to another
 * origin; `external` lists the latter alone.
 * @param {{width?: number, height?: number, dark?: boolean, locale?: string,
 *   bypassCSP?: boolean, reducedMotion?: 'reduce' | 'no-preference',
 *   initScript?: Function}} [options] viewport (default 1280 × 800), colour scheme, browser
 *   locale (default: Chromium's), bypassCSP (for scripts the test injects), reduced motion,
 *   an init script that runs before any page script.
 */
export async function openPage(
  browser,
  allowedOrigin,
  { width = 1280, height = 800, dark = false, locale, bypassCSP = false, reducedMotion, initScript } = {},
) {
  const context = await browser.newContext({
    viewport: { width, height },
    colorScheme: dark ? 'dark' : 'light',
    ...(locale ? { locale } : {}),
    ...(reducedMotion ? { reducedMotion } : {}),
    bypassCSP,
  });
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const errors = [];
  const external = [];
  const requests = [];
  await context.route(
    (url) => !isAllowed(url.href, allowedOrigin),
    (route) => {
      external.push(route.request().url());
      errors.push(`request to another origin: ${route.request().url()}`);
      return route.abort('blockedbyclient');
    },
  );
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.stack ?? err}`));
  page.on('dialog', (dialog) => {
    errors.push(`dialog: ${dialog.message()}`);
    dialog.dismiss().catch(() => {});
  });
  page.on('request', (req) => requests.push(req.url()));
  page.on('requestfailed', (req) => {
    if (isAllowed(req.url(), allowedOrigin)) {
      errors.push(`request failed: ${req.url()} (${req.failure()?.errorText})`);
    }
  });
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  return { context, page, errors, external, requests };
}

/** src/lib.rs builds the lab inside #app and then marks it ready. */
export const READY = '#app[data-state="ready"]';

/**
 * Waits until the lab says it is ready (it renders its first state synchronously); in a study
 * chapter, also until its first figures are computed (the KM0 workload is generated and hashed
 * in slices after the first frame, `#app[data-busy]`).
 */
export async function waitForReady(page, timeout = 30_000) {
  await page.waitForSelector(READY, { timeout });
  await page.waitForFunction(
    () => !document.querySelector('main[data-study]') || document.getElementById('app')?.getAttribute('data-busy') !== 'true',
    null,
    { timeout: Math.max(timeout, 60_000) },
  );
}

/**
 * Loads the lab at `url` in a page from openPage(), as a fresh document (a page already on
 * the lab would only see a hashchange), and waits until it is ready. Its `errors` and
 * `external` lists start again empty with the new document (leaving the old one aborts its
 * requests still in flight, such as the favicon, which is not an error of the new one).
 */
export async function loadLab(opened, url) {
  await opened.page.goto('about:blank');
  opened.errors.length = 0;
  opened.external.length = 0;
  await opened.page.goto(url);
  await waitForReady(opened.page);
}

/**
 * Runs `body(opened)` on a page from openPage() or useLab().open(), then asserts that the page
 * logged no error (its `errors`: console errors, page errors, dialogs, failed requests,
 * requests to another origin), and closes its context: also when the body failed, whose
 * failure is then the one reported. The end every test of a page had written out.
 * @param {{context: object, errors: string[]}} opened
 * @param {(opened: object) => Promise<void>} body
 * @param {{message?: string, ignore?: (error: string) => boolean}} [check] `message`: said
 *   when the page logged an error; `ignore`: the errors the test causes on purpose (a request
 *   it refuses, the network it switches off), left out.
 */
export async function checkPage(opened, body, { message, ignore = () => false } = {}) {
  try {
    await body(opened);
    assert.deepEqual(opened.errors.filter((e) => !ignore(e)), [], message);
  } finally {
    await opened.context.close();
  }
}

/**
 * Whether a page error is a request that failed because the test switched the network off
 * (context.setOffline()): checkPage()'s `ignore` for such a test.
 */
export const failedOffline = (error) => /ERR_INTERNET_DISCONNECTED|net::ERR_FAILED/.test(error);

/**
 * One browser for the tests of a file: registers `before` and `after` hooks (call at the top
 * level of the file). Returns { browser }, set once the `before` hook ran.
 */
export function useBrowser() {
  const chromium = { browser: null };
  before(async () => {
    chromium.browser = await launchBrowser();
  });
  after(async () => {
    await chromium.browser?.close();
  });
  return chromium;
}

/**
 * dist/ served by serveDist(options) for the tests of the file or `describe` block it is called
 * in (registers its `before` and `after` hooks there). Returns an object that has serveDist()'s
 * { url, origin, requests, close } once the `before` hook ran.
 * @param {{prefix?: string, csp?: boolean}} [options]
 */
export function useServer(options) {
  const server = {};
  before(async () => {
    Object.assign(server, await serveDist(options));
  });
  after(async () => {
    await server.close?.();
  });
  return server;
}

/**
 * One browser and one server for the tests of a file: registers `before` and `after` hooks
 * (call at the top level of the file). Returns { browser, server, open, load, visit }, the
 * first two set once the hooks ran.
 * - open(fragment = '', options): a new page (openPage(), with `defaults` under `options`)
 *   on the lab at that URL fragment, ready; returns openPage()'s { context, page, errors, … }.
 * - load(opened, fragment): an opened page, reloaded at another fragment (loadLab()).
 * - visit(fragment, [options], body): open(fragment, options), then checkPage() runs
 *   `body(opened)` on it, asserts it logged no error and closes it.
 * @param {{serve?: {prefix?: string, csp?: boolean}, defaults?: object}} [options]
 */
export function useLab({ serve, defaults = {} } = {}) {
  const lab = {
    browser: null,
    server: null,
    async open(fragment = '', options = {}) {
      const opened = await openPage(lab.browser, lab.server.origin, { ...defaults, ...options });
      await opened.page.goto(lab.server.url + fragment);
      await waitForReady(opened.page);
      return opened;
    },
    load: (opened, fragment = '') => loadLab(opened, lab.server.url + fragment),
    async visit(fragment, options, body) {
      if (typeof options === 'function') [options, body] = [{}, options];
      await checkPage(await lab.open(fragment, options), body);
    },
  };
  before(async () => {
    lab.browser = await launchBrowser();
    lab.server = await serveDist(serve);
  });
  after(async () => {
    await lab.server?.close();
    await lab.browser?.close();
  });
  return lab;
}

/** Keys per node as a table shows them (`tr[data-node][data-keys]`), by default the figures table. */
export const keysPerNode = (page, table = '#dist-table') =>
  page.$$eval(`${table} tr[data-node][data-keys]`, (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.node, Number(r.dataset.keys)])),
  );

/** A figure's machine-readable value (`[data-figure=NAME][data-value]`, percent units), or null. */
export const figureValue = (page, name) =>
  page.$eval(`[data-figure="${name}"]`, (d) => Number(d.dataset.value)).catch(() => null);

/**
 * A figure's machine-readable value, like figureValue(), but a page without that figure fails
 * the test (where null would pass a comparison such as `<= 1`).
 */
export const figure = (page, name) => page.$eval(`[data-figure="${name}"]`, (d) => Number(d.dataset.value));

/**
 * Waits for two animation frames (the page applies queued input once per frame), then until
 * no change is being computed or waiting to be (a big one goes on in slices,
 * `#app[data-busy]`; one asked for meanwhile waits its turn, `#app[data-pending-change]`;
 * a new language, look or size draws the charts a frame after the rest, `#app[data-drawing]`).
 * A control's output (`#vnodes-out`) shows the value asked for at once: the figures follow
 * when the change is computed, so a test reads them after this.
 */
export async function settle(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForFunction(
    () => {
      const app = document.getElementById('app');
      return (
        app?.getAttribute('data-busy') !== 'true' &&
        app?.getAttribute('data-pending-change') !== 'true' &&
        app?.getAttribute('data-drawing') !== 'true'
      );
    },
    null,
    { timeout: 60_000 },
  );
}

/**
 * The native CLI (target/debug/partlab, built by `cargo build -p partlab-cli` or
 * `cargo test`; or target/release/partlab; or $PARTLAB_CLI), or undefined.
 */
export const CLI = [process.env.PARTLAB_CLI, path.join(ROOT, 'target/debug/partlab'), path.join(ROOT, 'target/release/partlab')]
  .filter(Boolean)
  .find((p) => fs.existsSync(p));

/** Runs `partlab ARGS… --json` and parses its output. */
export function cliJson(...args) {
  if (!CLI) throw new Error('no partlab CLI binary: run `cargo build -p partlab-cli`');
  return JSON.parse(execFileSync(CLI, [...args, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

/** Runs `partlab ARGS… --json` for a study chapter: its figures of every view, by key. */
export const cliFigures = (...args) =>
  Object.fromEntries(cliJson(...args).views.flatMap((v) => v.figures.map((f) => [f.key, f.value])));

/** Each of the figures `keys` on the page equals the CLI's (cliFigures()) to within `tolerance`. */
export async function assertFiguresAsCli(page, cli, keys, tolerance = 1e-9) {
  for (const key of keys) {
    const shown = await figure(page, key);
    assert.ok(Math.abs(cli[key] - shown) < tolerance, `${key}: page ${shown}, CLI ${cli[key]}`);
  }
}

/**
 * Holds every request of `context` to `url` (a glob, as context.route() takes) until the
 * returned function is called: the page waits for that file as behind a slow network.
 */
export async function holdRequests(context, url) {
  let release;
  const held = new Promise((r) => {
    release = r;
  });
  await context.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Waits until the element `selector` has exactly `text` as its text content. */
export async function waitForText(page, selector, text, timeout = 15_000) {
  await page.waitForFunction(
    ([sel, want]) => document.querySelector(sel)?.textContent?.trim() === want,
    [selector, text],
    { timeout },
  );
}

/** Saves a full-page screenshot to tests/e2e/screenshots/NAME.png (gitignored). */
export async function screenshot(page, name) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Records every Content-Security-Policy violation in the pages of `context` (an init script
 * listens for `securitypolicyviolation` before any page script runs). Call before goto().
 * Returns a function that resolves to the list so far, as readable strings, for `page`.
 */
export async function recordCspViolations(context) {
  await context.addInitScript(() => {
    const seen = [];
    Object.defineProperty(window, '__partlabCspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}` +
          (e.sample ? ` (${e.sample})` : ''),
      );
    });
  });
  return (page) => page.evaluate(() => [...(window.__partlabCspViolations ?? ['recorder missing'])]);
}

/**
 * Waits until the wasm app has started: Trunk's loader dispatched `TrunkApplicationStarted`
 * (init() resolved, so the wasm start function ran without error) and, if #app carries a
 * `data-state` (the page's own marker: loading → ready, or crashed), it says "ready".
 * Needs `trackAppStart(context)` before goto(). Fails at once if the page says "crashed".
 */
export async function waitForAppStarted(page, timeout = 30_000) {
  const handle = await page.waitForFunction(
    () => {
      const app = document.getElementById('app');
      const state = app?.getAttribute('data-state');
      if (state === 'crashed') return `crashed: ${app.textContent.trim().slice(0, 300)}`;
      if (!window.__partlabTrunkStarted) return false;
      return state === null || state === undefined || state === 'ready' ? 'ready' : false;
    },
    null,
    { timeout },
  );
  const result = await handle.jsonValue();
  if (result !== 'ready') throw new Error(`the app did not start: ${result}`);
}

/** Records Trunk's `TrunkApplicationStarted` event for waitForAppStarted(). Call before goto(). */
export async function trackAppStart(context) {
  await context.addInitScript(() => {
    window.addEventListener('TrunkApplicationStarted', () => {
      window.__partlabTrunkStarted = true;
    });
  });
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// WCAG 2.0, 2.1 and 2.2 A/AA rules plus axe's best practices.
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs an axe-core audit of the whole page and returns its violations (empty when clean). The
 * page must have been opened with `bypassCSP: true`: the audit script is the test's, not the
 * page's.
 */
export async function audit(page) {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    // eslint-disable-next-line no-undef
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.filter((v) => v.nodes.length > 0).map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
    }));
  }, AXE_TAGS);
}

/**
 * Opens every disclosure `summaries` matches (by default a study chapter's chart data tables,
 * `details.alt`), so that axe reads what they hide too, then runs audit().
 */
export async function auditOpened(page, summaries = 'details.alt summary') {
  for (const s of await page.$$(summaries)) await s.click();
  return audit(page);
}

/** Embed mode: the view `shown` (`section[data-view]`) is visible, each of `hidden` is not. */
export async function assertOnlyView(page, shown, hidden) {
  assert.equal(await page.isVisible(`section[data-view="${shown}"]`), true, shown);
  for (const v of hidden) {
    assert.equal(await page.isVisible(`section[data-view="${v}"]`), false, v);
  }
}

/**
 * The addresses the table of contents links each of `parts` to (`#toc li[data-part] a`), read
 * from a fresh page of `lab` (useLab()) on the ring, in English, with the contents opened;
 * that page must log no error either.
 */
export async function tocHrefs(lab, ...parts) {
  const hrefs = [];
  await lab.visit('#c=ring&l=en', async ({ page }) => {
    await page.click('#toc-summary');
    for (const part of parts) hrefs.push(await page.getAttribute(`#toc li[data-part="${part}"] a`, 'href'));
  });
  return hrefs;
}
