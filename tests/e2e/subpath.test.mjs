// Deploying under a sub-path: GitHub Pages serves a project site at /<repo>/, so dist/ must
// work from /partlab/ with every URL relative. The test serves dist/ under /partlab/ (404
// everywhere else, as a host with other sites would) and checks that every asset the page
// references loads from there, that no request leaves the sub-path and none fails.
// Also checks tests/e2e/server.mjs itself (prefix, 404s, MIME types, the CSP header, gzip).
// Run: scripts/test.sh (or scripts/build.sh, then `node --test subpath.test.mjs` in tests/e2e).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { DIST, launchBrowser, openPage, serveDist, trackAppStart, waitForAppStarted } from './harness.mjs';
import { CSP_HEADER, startServer } from './server.mjs';

const PREFIX = '/partlab/';

/** The files of dist/ that index.html references (link href, script src) and the boot script's imports and wasm. */
function referencedAssets() {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
  const refs = new Set();
  for (const [tag] of html.matchAll(/<(?:link|script|img|source)\b[^>]*>/gi)) {
    const ref = /\s(?:href|src)\s*=\s*"([^"]+)"/i.exec(tag)?.[1];
    if (ref && !/^(data:|blob:|[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(ref)) refs.add(ref);
  }
  for (const ref of [...refs].filter((r) => r.endsWith('.js'))) {
    const js = fs.readFileSync(path.join(DIST, ref), 'utf8');
    for (const [, , dep] of js.matchAll(/(?:\bfrom\s+|module_or_path\s*:\s*)(['"])(\.\/[^'"]+)\1/g)) refs.add(dep);
  }
  return [...refs];
}

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describe(`dist/ served under ${PREFIX}`, () => {
  let server;
  before(async () => {
    server = await serveDist({ prefix: PREFIX });
  });
  after(async () => {
    await server?.close();
  });

  test('every asset loads from the sub-path; no request fails or leaves it', { timeout: 60_000 }, async () => {
    const assets = referencedAssets();
    for (const kind of ['.js', '.wasm', '.css']) {
      assert.ok(assets.some((a) => a.endsWith(kind)), `no ${kind} among the referenced assets: ${assets}`);
    }
    for (const a of assets) assert.ok(!a.startsWith('/'), `${a}: not relative, breaks under a sub-path`);

    const { context, page, errors, external } = await openPage(browser, server.origin);
    const responses = [];
    page.on('response', (r) => responses.push({ url: r.url(), status: r.status() }));
    try {
      await trackAppStart(context);
      await page.goto(server.url, { waitUntil: 'load' });
      await waitForAppStarted(page);
      await page.waitForLoadState('networkidle');

      assert.deepEqual(errors, [], 'console errors, page errors or failed requests');
      assert.deepEqual(external, [], 'requests to other origins');
      const bad = responses.filter((r) => r.status >= 400);
      assert.deepEqual(bad, [], 'responses with an error status');
      for (const { url } of responses) {
        if (url.startsWith('data:')) continue;
        assert.ok(url.startsWith(server.url), `${url} is outside ${server.url}`);
      }
      for (const { path: p, status } of server.requests) {
        assert.ok(p.startsWith(PREFIX), `the server saw ${p} (${status})`);
        assert.ok(status < 400, `the server answered ${status} to ${p}`);
      }
      for (const asset of assets) {
        const url = new URL(asset, server.url).href;
        const got = responses.filter((r) => r.url === url);
        assert.ok(got.length > 0, `${asset} (${url}) was never requested; requests: ${responses.map((r) => r.url)}`);
        assert.ok(got.every((r) => r.status === 200), `${asset}: ${got.map((r) => r.status)}`);
      }
    } finally {
      await context.close();
    }
  });

  test(`${PREFIX.slice(0, -1)} without the slash redirects, and the app starts`, { timeout: 60_000 }, async () => {
    const { context, page, errors } = await openPage(browser, server.origin);
    try {
      await trackAppStart(context);
      await page.goto(server.url.slice(0, -1), { waitUntil: 'load' });
      assert.equal(page.url(), server.url);
      await waitForAppStarted(page);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('tests/e2e/server.mjs', () => {
  let server;
  before(async () => {
    server = await startServer({ root: DIST, prefix: PREFIX, csp: true });
  });
  after(async () => {
    await server?.close();
  });

  test('listens on loopback, on a free port', () => {
    assert.match(server.origin, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(server.port > 0);
  });

  test('serves the prefix only; 404 elsewhere and for paths that leave dist/', async () => {
    const status = async (p) => (await fetch(`${server.origin}${p}`, { redirect: 'manual' })).status;
    assert.equal(await status(PREFIX), 200);
    assert.equal(await status(`${PREFIX}index.html`), 200);
    assert.equal(await status('/'), 404);
    assert.equal(await status('/index.html'), 404);
    assert.equal(await status('/favicon.ico'), 404);
    assert.equal(await status(`${PREFIX}no-such-file.js`), 404);
    assert.equal(await status(`${PREFIX}%2e%2e/%2e%2e/etc/passwd`), 404);
    assert.equal(await status(`${PREFIX}..%2f..%2fetc%2fpasswd`), 404);
    assert.equal(await status(PREFIX.slice(0, -1)), 301);
  });

  test('sends the right types and the CSP header', async () => {
    const files = fs.readdirSync(DIST);
    const want = { '.wasm': 'application/wasm', '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };
    for (const [ext, type] of Object.entries(want)) {
      const file = files.find((f) => f.endsWith(ext));
      assert.ok(file, `no ${ext} file in dist/`);
      const res = await fetch(`${server.url}${file}`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type').split(';')[0], type, file);
      assert.equal(res.headers.get('content-security-policy'), CSP_HEADER);
      await res.arrayBuffer();
    }
  });

  test('with gzip (the benchmark over a mobile link), compresses the wasm for a client that asks, and only then', async () => {
    const zipped = await startServer({ root: DIST, gzip: true });
    /** The raw answer (no decompression on the way): { encoding, vary, body }. */
    const get = (file, acceptEncoding) =>
      new Promise((resolve, reject) => {
        const headers = acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {};
        http
          .get(`${zipped.url}${file}`, { headers }, (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    try {
      const files = fs.readdirSync(DIST);
      const wasm = files.find((f) => f.endsWith('.wasm'));
      const png = files.find((f) => f.endsWith('.png'));
      const original = fs.readFileSync(path.join(DIST, wasm));
      const asked = await get(wasm, 'gzip, deflate, br');
      assert.equal(asked.encoding, 'gzip');
      assert.equal(asked.vary, 'Accept-Encoding');
      assert.ok(asked.body.length < original.length / 1.5, `${asked.body.length} bytes sent for ${original.length}`);
      assert.deepEqual(zlib.gunzipSync(asked.body), original);
      const plain = await get(wasm, null);
      assert.equal(plain.encoding, undefined);
      assert.deepEqual(plain.body, original);
      assert.equal((await get(png, 'gzip')).encoding, undefined, 'a PNG is compressed already');
    } finally {
      await zipped.close();
    }
  });
});
