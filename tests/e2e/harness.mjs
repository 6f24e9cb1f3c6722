// Helpers for Partlab's browser end-to-end tests (node --test + playwright-core).
//
// - launchBrowser(): Debian's Chromium (/usr/bin/chromium, or $PARTLAB_CHROMIUM) in headless
//   mode; playwright-core never downloads a browser.
// - serveDist({ prefix, csp }): dist/ over http on a free loopback port (server.mjs, in this
//   process), optionally under a sub-path and with the Content-Security-Policy header.
//   Without options, reuses $PARTLAB_BASE_URL when it is set (a server started by hand).
// - openPage(): a fresh page that records console errors, page errors, failed requests and
//   every request to another origin (those are also aborted, so nothing leaves the machine).
// - recordCspViolations(context): every `securitypolicyviolation` event of its pages.
// - waitForAppStarted(page): the wasm app has started and the page says it is ready.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

export const ROOT = path.resolve(here, '..', '..');
export const DIST = path.resolve(process.env.PARTLAB_DIST ?? path.join(ROOT, 'dist'));
export const STANDALONE = path.join(DIST, 'partlab-standalone.html');
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

function isAllowed(url, allowedOrigin) {
  const u = new URL(url);
  if (['data:', 'blob:', 'about:'].includes(u.protocol)) return true;
  if (u.protocol === 'file:') return allowedOrigin === 'file://';
  return u.origin === allowedOrigin;
}

/**
 * Opens a new page (own context) whose requests may only go to `allowedOrigin`
 * ('http://127.0.0.1:PORT', or 'file://' for a local file).
 * Returns { context, page, errors, external, requests }.
 */
export async function openPage(browser, allowedOrigin) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  const external = [];
  const requests = [];
  await context.route(
    (url) => !isAllowed(url.href, allowedOrigin),
    (route) => {
      external.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.stack ?? err}`));
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
