// Helpers for Partlab's browser end-to-end tests (node --test + playwright-core).
//
// - launchBrowser(): Debian's Chromium (/usr/bin/chromium, or $PARTLAB_CHROMIUM) in headless
//   mode; playwright-core never downloads a browser.
// - serveDist(): dist/ over http on a free loopback port. Reuses $PARTLAB_BASE_URL when
//   scripts/test.sh already serves it; otherwise starts `python3 -m http.server` itself.
// - openPage(): a fresh page that records console errors, page errors, failed requests and
//   every request to another origin (those are also aborted, so nothing leaves the machine).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

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
 * Serves dist/ on 127.0.0.1. Returns { url, origin, close }.
 * @returns {Promise<{url: string, origin: string, close: () => Promise<void>}>}
 */
export async function serveDist() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(`${DIST}/index.html not found: run \`trunk build --release\` first`);
  }
  if (process.env.PARTLAB_BASE_URL) {
    const url = new URL(process.env.PARTLAB_BASE_URL);
    return { url: url.href, origin: url.origin, close: async () => {} };
  }
  const child = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', DIST], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killChild = () => child.kill();
  process.on('exit', killChild);
  const port = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`http.server did not start: ${out}`)), 10_000);
    const onData = (chunk) => {
      out += chunk;
      const m = /port (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (c) => (out += c));
    child.on('exit', (code) => reject(new Error(`http.server exited (${code}): ${out}`)));
  });
  // Keep draining the access log so the pipe never fills up.
  child.stdout.resume();
  child.stderr.resume();
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/`,
    origin,
    close: async () => {
      process.off('exit', killChild);
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
    },
  };
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
