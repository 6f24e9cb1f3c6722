// Smoke tests: the built site and the single-file page load and start the wasm app.
// Run: `node --test` in tests/e2e after `trunk build --release` and scripts/standalone.mjs
// (scripts/test.sh does all of it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, test } from 'node:test';
import {
  STANDALONE,
  checkPage,
  holdRequests,
  openPage,
  screenshot,
  useBrowser,
  useServer,
  waitForReady as waitForApp,
  STANDALONE_URL,
} from './harness.mjs';

const chromium = useBrowser();

describe('dist/ served over http', () => {
  const server = useServer();

  test('page loads, the wasm app starts, no console error', { timeout: 60_000 }, async () => {
    await checkPage(await openPage(chromium.browser, server.origin), async ({ page }) => {
      await page.goto(server.url, { waitUntil: 'load' });
      await waitForApp(page);
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'dist-index');
    });
  });

  test('while the wasm loads, the warm-up block is laid out but not seen, read or focused; the lab removes it', { timeout: 60_000 }, async () => {
    await checkPage(await openPage(chromium.browser, server.origin, { width: 390, height: 700 }), async ({ context, page }) => {
      const release = await holdRequests(context, '**/*_bg.wasm');
      await page.goto(server.url, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('.loading');
      const loading = await page.evaluate(() => {
        const w = document.querySelector('.warmup');
        const box = w.getBoundingClientRect();
        const controls = [...w.querySelectorAll('input, select, button, a')];
        return {
          laidOut: box.width > 0 && box.height > 0,
          offScreen: box.right <= 0,
          visibility: getComputedStyle(w).visibility,
          hidden: w.getAttribute('aria-hidden'),
          controls: controls.length,
          focused: controls.filter((c) => (c.focus(), document.activeElement === c)).length,
          scrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
        };
      });
      assert.deepEqual(loading, { laidOut: true, offScreen: true, visibility: 'hidden', hidden: 'true', controls: 5, focused: 0, scrolls: false });
      release();
      await waitForApp(page);
      assert.equal(await page.$('.warmup'), null);
    });
  });

  test('no request leaves 127.0.0.1', { timeout: 60_000 }, async () => {
    const { context, page, external, requests } = await openPage(chromium.browser, server.origin);
    try {
      await page.goto(server.url, { waitUntil: 'load' });
      await waitForApp(page);
      await page.waitForLoadState('networkidle');
      assert.deepEqual(external, [], 'requests to other origins');
      // The recording works: the page, its glue and its wasm were requested from the server.
      assert.ok(requests.some((u) => u.endsWith('.wasm')), `no .wasm request in ${requests}`);
      assert.ok(requests.some((u) => u.endsWith('.js')), `no .js request in ${requests}`);
      for (const url of requests) assert.ok(url.startsWith(`${server.origin}/`), url);
    } finally {
      await context.close();
    }
  });
});

describe('single-file build (standalone/partlab-standalone.html)', () => {
  test('is self-contained', () => {
    const html = fs.readFileSync(STANDALONE, 'utf8');
    assert.doesNotMatch(html, /<script[^>]*\ssrc=/i, 'external script');
    assert.doesNotMatch(html, /<link[^>]*rel="?(stylesheet|modulepreload|preload)/i, 'linked asset');
    assert.doesNotMatch(html, /data-trunk/, 'unprocessed Trunk link');
  });

  test('works opened from file://, with no other request', { timeout: 60_000 }, async () => {
    const { context, page, errors, external, requests } = await openPage(chromium.browser, 'file://');
    try {
      const url = STANDALONE_URL;
      await page.goto(url, { waitUntil: 'load' });
      await waitForApp(page);
      await screenshot(page, 'standalone-file');
      assert.deepEqual(errors, []);
      assert.deepEqual(external, [], 'requests to other origins');
      assert.deepEqual(
        requests.filter((u) => !u.startsWith('data:')),
        [url],
        'the page itself is the only file it loads',
      );
    } finally {
      await context.close();
    }
  });
});
