// Offline after the first visit (scripts/sw.mjs writes the service worker, src/lib.rs registers
// it): the published site, under /partlab/ and the strict CSP header, keeps working when the
// network is gone, and a new deploy is served on the next online visit, with one version's
// files in the cache, never two. The single file has no worker (smoke.test.mjs checks it still
// works from file://; here, that it carries no worker mark).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DIST, ROOT, STANDALONE, launchBrowser, openPage, recordCspViolations, waitForReady } from './harness.mjs';
import { startServer } from './server.mjs';

let browser;
let server;
let site;
before(async () => {
  browser = await launchBrowser();
  // A copy of the build that the test can redeploy without touching dist/.
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'partlab-offline-'));
  fs.cpSync(DIST, site, { recursive: true });
  server = await startServer({ root: site, prefix: '/partlab/', csp: true });
});
after(async () => {
  await server?.close();
  await browser?.close();
  if (site) fs.rmSync(site, { recursive: true, force: true });
});

/** Waits until a service worker controls the page (the first visit installs it). */
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, null, {
    timeout: 30_000,
  });
}

/** The service-worker caches of the site and the URLs each holds. */
const cacheContents = (page) =>
  page.evaluate(async () => {
    const out = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => new URL(r.url).pathname);
    }
    return out;
  });

/** A new deploy: a visible change to index.html, and the worker regenerated from the build. */
function deploySecondVersion() {
  const index = path.join(site, 'index.html');
  const html = fs.readFileSync(index, 'utf8').replace('<body>', '<body data-deploy="2">');
  assert.notEqual(html, fs.readFileSync(index, 'utf8'), 'index.html has a <body> to mark');
  fs.writeFileSync(index, html);
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/sw.mjs'), site]);
}

describe('offline after the first visit (service worker)', () => {
  test('the build has a worker and the single file does not', () => {
    assert.ok(fs.existsSync(path.join(DIST, 'sw.js')));
    assert.match(fs.readFileSync(path.join(DIST, 'index.html'), 'utf8'), /<meta name="partlab-service-worker" content="sw.js">/);
    assert.doesNotMatch(fs.readFileSync(STANDALONE, 'utf8'), /partlab-service-worker/);
  });

  test('the worker is registered only once the page is drawn, so that installing it does not slow the first frames', { timeout: 60_000 }, async () => {
    const { context, page } = await openPage(browser, server.origin, { locale: 'en-GB' });
    // Each call to register() with what the page said of itself at that moment.
    await context.addInitScript(() => {
      window.__registered = [];
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (...args) {
        window.__registered.push({
          state: document.getElementById('app')?.getAttribute('data-state'),
          ring: document.getElementById('app')?.getAttribute('data-ring'),
        });
        return register.apply(this, args);
      };
    });
    await page.goto(`${server.url}#c=ring&s=ring&v=150&k=100000&l=en`);
    await waitForReady(page);
    await controlled(page);
    const calls = await page.evaluate(() => window.__registered);
    assert.deepEqual(calls, [{ state: 'ready', ring: 'drawn' }], 'one registration, after the first drawing');
    await context.close();
  });

  test('load, go offline, reload: the lab works; a new deploy replaces it whole', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await openPage(browser, server.origin, { locale: 'en-GB' });
    const violations = await recordCspViolations(context);
    await page.goto(`${server.url}#c=ring&p=ring-10&l=en`);
    await waitForReady(page);
    await controlled(page);
    const first = await cacheContents(page);
    const names = Object.keys(first).filter((n) => n.startsWith('partlab-'));
    assert.equal(names.length, 1, `one cache: ${names}`);
    assert.ok(first[names[0]].some((p) => p.endsWith('.wasm')), 'the wasm is precached');
    assert.ok(first[names[0]].includes('/partlab/index.html'), 'the page is precached');

    // The network is gone: the page and everything it loads come from the worker (the server
    // sees no request).
    await context.setOffline(true);
    const served = server.requests.length;
    await page.reload();
    await waitForReady(page);
    assert.deepEqual(server.requests.slice(served), [], 'requests reached the server while offline');
    assert.equal(await page.getAttribute('#dist-table tr[data-node="inv-vlc"]', 'data-keys'), '10845');
    await context.setOffline(false);

    // A second version is deployed; the next online visit shows it …
    deploySecondVersion();
    await page.reload();
    await waitForReady(page);
    assert.equal(await page.getAttribute('body', 'data-deploy'), '2', 'the new index.html is served online');
    // … and once its worker has taken over, the cache holds that version alone.
    const oneVersion = () =>
      page.evaluate(async () => {
        const keys = (await caches.keys()).filter((k) => k.startsWith('partlab-'));
        if (keys.length !== 1) return false;
        const index = await (await caches.open(keys[0])).match(new URL('index.html', location.href).href);
        return index !== undefined && (await index.text()).includes('data-deploy="2"');
      });
    const deadline = Date.now() + 30_000;
    while (!(await oneVersion())) {
      assert.ok(Date.now() < deadline, `the new worker never took over: ${JSON.stringify(await cacheContents(page))}`);
      await page.waitForTimeout(250);
    }
    await context.setOffline(true);
    const servedOnline = server.requests.length;
    await page.reload();
    await waitForReady(page);
    assert.deepEqual(server.requests.slice(servedOnline), [], 'requests reached the server while offline');
    assert.equal(await page.getAttribute('body', 'data-deploy'), '2', 'offline, the new version is served');
    assert.equal(await page.getAttribute('#dist-table tr[data-node="inv-vlc"]', 'data-keys'), '10845');
    await context.setOffline(false);

    assert.deepEqual(await violations(page), []);
    // Requests that fail while offline are the test's doing; anything else is an error.
    assert.deepEqual(
      errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|net::ERR_FAILED/.test(e)),
      [],
    );
    await context.close();
  });
});
