// Offline after the first visit (scripts/sw.mjs writes the service worker, src/lib.rs registers
// it): the published site, under /partlab/ and the strict CSP header, keeps working when the
// network is gone (the guide at guide/ too), and a new deploy is served on the next online
// visit, with one version's files in the cache, never two. The single file has no worker
// (smoke.test.mjs checks it still works from file://; here, that it carries no worker mark).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DIST, ROOT, STANDALONE, checkPage, failedOffline, launchBrowser, openPage, recordCspViolations, waitForReady } from './harness.mjs';
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

/**
 * A page on the site at `fragment`, ready and controlled by the service worker (the first
 * visit installs it); `violations(page)` lists its CSP violations (recordCspViolations()).
 */
async function openControlled(fragment) {
  const opened = await openPage(browser, server.origin, { locale: 'en-GB' });
  opened.violations = await recordCspViolations(opened.context);
  await opened.page.goto(`${server.url}${fragment}`);
  await waitForReady(opened.page);
  await controlled(opened.page);
  return opened;
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

/** A new deploy, number `n`: a visible change to index.html, and the worker regenerated from the build. */
function deployVersion(n) {
  const index = path.join(site, 'index.html');
  const html = fs.readFileSync(index, 'utf8').replace(/<body[^>]*>/, `<body data-deploy="${n}">`);
  assert.notEqual(html, fs.readFileSync(index, 'utf8'), 'index.html has a <body> to mark');
  fs.writeFileSync(index, html);
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/sw.mjs'), site]);
}

/** The site's cache holds exactly one version: the one whose index.html is marked `deploy`. */
const holdsOnly = (page, deploy) =>
  page.evaluate(async (deploy) => {
    const keys = (await caches.keys()).filter((k) => k.startsWith('partlab-'));
    if (keys.length !== 1) return false;
    const index = await (await caches.open(keys[0])).match(new URL('index.html', location.href).href);
    return index !== undefined && (await index.text()).includes(`data-deploy="${deploy}"`);
  }, deploy);

/** Polls `check` every 250 ms for up to `ms`; whether it came true. */
async function within(page, ms, check) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await page.waitForTimeout(250)) {
    if (await check()) return true;
  }
  return false;
}

/** What the worker machinery looks like from the page, for a failure's message. */
const workerState = async (page, sinceRequest) =>
  JSON.stringify({
    caches: await cacheContents(page),
    workers: await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      const w = (sw) => sw && `${new URL(sw.scriptURL).pathname} ${sw.state}`;
      return r && { installing: w(r.installing), waiting: w(r.waiting), active: w(r.active) };
    }),
    requests: server.requests.slice(sinceRequest).map((r) => `${r.path} ${r.status}`),
  });

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
    await checkPage(await openControlled('#c=ring&p=ring-10&l=en'), async ({ context, page, violations }) => {
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
      const deployedAt = server.requests.length;
      deployVersion(2);
      await page.reload();
      await waitForReady(page);
      assert.equal(await page.getAttribute('body', 'data-deploy'), '2', 'the new index.html is served online');
      // … and once its worker has taken over, the cache holds that version alone (no empty cache
      // of the old one either: the old worker answers the page's requests until the new one
      // takes over, and must not create its deleted cache again).
      assert.ok(await within(page, 30_000, () => holdsOnly(page, 2)), `the new worker never took over: ${await workerState(page, deployedAt)}`);
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
    }, { ignore: failedOffline });
  });
  test('after a first visit to the lab, the guide opens offline too, and leads back to the lab', { timeout: 90_000 }, async () => {
    await checkPage(await openControlled('#c=ring&l=en'), async ({ context, page, violations }) => {
      const files = Object.entries(await cacheContents(page)).find(([n]) => n.startsWith('partlab-'))?.[1] ?? [];
      for (const f of ['/partlab/guide/index.html', '/partlab/guide/chapters/ring.html', '/partlab/guide/book.js']) {
        assert.ok(files.includes(f), `${f} is precached`);
      }

      await context.setOffline(true);
      const served = server.requests.length;
      // A guide page by its own address, with its scripts (the sidebar is built by one) …
      await page.goto(`${server.url}guide/chapters/ring.html`);
      assert.match(await page.textContent('main h1'), /The ring with virtual nodes/);
      assert.ok((await page.$$eval('#sidebar a[href]', (a) => a.length)) > 20, 'the sidebar is built');
      // … the guide's folder as its index …
      await page.goto(`${server.url}guide/`);
      assert.match(await page.textContent('main h1'), /^Partlab/);
      // … and from a chapter's page, its link into the lab.
      await page.goto(`${server.url}guide/chapters/ring.html`);
      await page.click('main a[href="../../index.html#c=ring"]');
      await waitForReady(page);
      assert.equal(await page.getAttribute('#chapter', 'data-chapter'), 'ring');
      assert.deepEqual(server.requests.slice(served), [], 'requests reached the server while offline');
      await context.setOffline(false);
      assert.deepEqual(await violations(page), []);
    }, { ignore: failedOffline });
  });

  test('a worker whose cache is gone answers from the network and does not create the cache again', { timeout: 60_000 }, async () => {
    // What the worker of the previous version lives through when the next one activates: its
    // cache is deleted while it still answers the page's requests.
    const { context, page, errors } = await openPage(browser, server.origin, { locale: 'en-GB' });
    await page.goto(`${server.url}#c=ring&l=en`);
    await waitForReady(page);
    await controlled(page);
    const [name, files] = Object.entries(await cacheContents(page)).find(([n]) => n.startsWith('partlab-'));
    const css = files.find((f) => f.endsWith('.css'));
    assert.ok(css, `a stylesheet is precached: ${files}`);
    const after = await page.evaluate(
      async ({ name, css }) => {
        await caches.delete(name);
        const response = await fetch(css);
        return { ok: response.ok, length: (await response.text()).length, keys: await caches.keys() };
      },
      { name, css },
    );
    assert.ok(after.ok && after.length > 0, `the stylesheet came from the network: ${JSON.stringify(after)}`);
    assert.ok(!after.keys.includes(name), `the deleted cache is back: ${JSON.stringify(after.keys)}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a deploy whose install fails leaves the running version whole, and a later visit installs it', { timeout: 120_000 }, async () => {
    const { context, page } = await openPage(browser, server.origin, { locale: 'en-GB' });
    await page.goto(`${server.url}#c=ring&p=ring-10&l=en`);
    await waitForReady(page);
    await controlled(page);
    const running = await cacheContents(page);
    assert.equal(Object.keys(running).length, 1, `one cache: ${Object.keys(running)}`);
    assert.notEqual(await page.getAttribute('body', 'data-deploy'), '3', 'the running version is not the one deployed next');

    // The next deploy is missing a file while the browser installs it (an upload half done, a
    // network error): its install fails.
    const favicon = fs.readdirSync(site).find((f) => f.startsWith('favicon'));
    const hidden = path.join(site, `hidden-${favicon}`);
    const deployedAt = server.requests.length;
    deployVersion(3);
    fs.renameSync(path.join(site, favicon), hidden);
    try {
      await page.reload();
      await waitForReady(page);
      const failed = async () =>
        server.requests.slice(deployedAt).some((r) => r.path.endsWith(favicon) && r.status === 404) &&
        (await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.installing === null));
      assert.ok(await within(page, 30_000, failed), `the install never ran: ${await workerState(page, deployedAt)}`);
      // Nothing of the failed version is left; the running one is whole and still answers.
      await page.waitForTimeout(500);
      assert.deepEqual(await cacheContents(page), running, 'the caches after the failed install');
      assert.equal(await page.getAttribute('#dist-table tr[data-node="inv-vlc"]', 'data-keys'), '10845');
    } finally {
      fs.renameSync(hidden, path.join(site, favicon));
    }

    // With the file back, the next visit installs the new version, which replaces the old whole.
    const retriedAt = server.requests.length;
    await page.reload();
    await waitForReady(page);
    assert.ok(await within(page, 30_000, () => holdsOnly(page, 3)), `the new worker never took over: ${await workerState(page, retriedAt)}`);
    await context.close();
  });
});
