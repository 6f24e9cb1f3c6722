// Content-Security-Policy: the release build runs under the strict policy of scripts/csp.mjs
// (`default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self';
// …`), sent as a header by the server and present as a <meta> in dist/index.html, with no
// violation; the single-file page runs under its own hash-based policy.
// Run: scripts/test.sh (or scripts/build.sh, then `node --test csp.test.mjs` in tests/e2e).
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { POLICY, audit } from '../../scripts/csp.mjs';
import {
  DIST,
  STANDALONE,
  checkPage,
  openPage,
  recordCspViolations,
  screenshot,
  trackAppStart,
  useBrowser,
  useServer,
  waitForAppStarted,
  waitForReady,
  STANDALONE_URL,
} from './harness.mjs';
import { CSP_HEADER } from './server.mjs';

const PREFIX = '/partlab/';
const metaPolicies = (html) =>
  [...html.matchAll(/<meta\b[^>]*http-equiv\s*=\s*["']?content-security-policy["']?[^>]*>/gi)].map(
    ([tag]) => /\scontent\s*=\s*"([^"]*)"/i.exec(tag)?.[1]?.replace(/&quot;/g, '"').replace(/&amp;/g, '&'),
  );
const directives = (policy) =>
  Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

describe('the policy', () => {
  test('is strict: no inline script or style, no eval, embeddable', () => {
    const d = directives(POLICY);
    assert.deepEqual(d['default-src'], ["'self'"]);
    assert.deepEqual(d['script-src'], ["'self'", "'wasm-unsafe-eval'"]);
    assert.deepEqual(d['style-src'], ["'self'"]);
    assert.deepEqual(d['img-src'], ["'self'"]);
    assert.deepEqual(d['object-src'], ["'none'"]);
    assert.doesNotMatch(POLICY, /unsafe-inline|'unsafe-eval'|unsafe-hashes|\*|data:|blob:/);
    assert.equal(d['frame-ancestors'], undefined, 'the lab must stay embeddable in an iframe');
    assert.equal(CSP_HEADER, POLICY, 'the test server sends the same policy as the <meta>');
  });
});

describe('dist/index.html after scripts/csp.mjs', () => {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');

  test('carries the policy as its first <meta> after the charset', () => {
    assert.deepEqual(metaPolicies(html), [POLICY]);
    const head = html.slice(0, html.search(/<meta\b[^>]*http-equiv/i)).replace(/<!--[\s\S]*?-->/g, '');
    assert.doesNotMatch(head, /<(script|link|style|img)\b/i, 'something loads before the policy applies');
  });

  test('has no inline script, inline style or event attribute', () => {
    assert.deepEqual(audit(html), []);
  });

  test("loads Trunk's loader from a content-hashed boot-*.js, by a relative URL", () => {
    const tags = [...html.matchAll(/<script\b[^>]*\ssrc\s*=\s*"([^"]+)"[^>]*>/gi)];
    const boot = tags.filter(([, src]) => /(^|\/)boot-[0-9a-f]{16}\.js$/.test(src));
    assert.equal(boot.length, 1, `one boot script, found: ${tags.map(([t]) => t)}`);
    const [tag, src] = boot[0];
    assert.match(src, /^\.\/boot-/, 'relative to the page (public_url "./")');
    assert.match(tag, /type="module"/);
    const content = fs.readFileSync(path.join(DIST, src), 'utf8');
    assert.match(content, /^import init\b/m);
    const hash = crypto.createHash('sha256').update(content).digest('hex').slice(0, 16);
    assert.equal(path.basename(src), `boot-${hash}.js`);
    const integrity = /\sintegrity="sha384-([^"]+)"/.exec(tag)?.[1];
    assert.equal(integrity, crypto.createHash('sha384').update(content).digest('base64'));
  });
});

const chromium = useBrowser();

/**
 * A page (openPage()) on `origin` that records its CSP violations (`violations(page)`,
 * recordCspViolations()) and Trunk's start event (trackAppStart(), for waitForAppStarted()),
 * both from before its first script.
 */
async function openRecorded(origin) {
  const opened = await openPage(chromium.browser, origin);
  opened.violations = await recordCspViolations(opened.context);
  await trackAppStart(opened.context);
  return opened;
}

const PAGE_ERRORS = { message: 'console errors, page errors or failed requests' };

describe(`served under ${PREFIX} with the Content-Security-Policy header`, () => {
  const server = useServer({ prefix: PREFIX, csp: true });

  test('the app starts with no CSP violation and no console error', { timeout: 60_000 }, async () => {
    await checkPage(await openRecorded(server.origin), async ({ page, violations }) => {
      const response = await page.goto(server.url, { waitUntil: 'load' });
      assert.equal(response.headers()['content-security-policy'], POLICY);
      await waitForAppStarted(page);
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'csp-subpath');
      assert.deepEqual(await violations(page), [], 'CSP violations');
    }, PAGE_ERRORS);
  });

  test('every chapter, drawn and driven, runs with no CSP violation', { timeout: 120_000 }, async () => {
    await checkPage(await openRecorded(server.origin), async ({ page, violations }) => {
      await page.goto(`${server.url}#l=en`, { waitUntil: 'load' });
      await waitForAppStarted(page);
      // Every chapter the page links to (the chapter bar and the teachers' page).
      const slugs = await page.$$eval('a[data-chapter]', (as) => [...new Set(as.map((a) => a.dataset.chapter))]);
      assert.ok(slugs.length >= 8, `chapters: ${slugs}`);
      for (const slug of slugs) {
        await page.click(`a[data-chapter="${slug}"]`);
        await page.waitForSelector(`#chapter[data-chapter="${slug}"]`);
        // Ready, and a study chapter's first figures drawn (computed in slices after it).
        await waitForReady(page);
        await page.waitForLoadState('networkidle');
        assert.deepEqual(await violations(page), [], `CSP violations in ${slug}`);
      }
    }, PAGE_ERRORS);
  });

  test('the recorder does see a violation (control)', { timeout: 60_000 }, async () => {
    const { context, page, violations } = await openRecorded(server.origin);
    try {
      await page.goto(server.url, { waitUntil: 'load' });
      await waitForAppStarted(page);
      await page.evaluate(() => {
        const style = document.createElement('style');
        style.textContent = 'body { outline: 1px solid red }';
        document.head.append(style);
      });
      await page.waitForFunction(() => window.__partlabCspViolations.length > 0, null, { timeout: 5_000 });
      // One report per policy that blocks it: the header's and the <meta>'s.
      const seen = await violations(page);
      assert.ok(seen.length >= 1 && seen.length <= 2, seen.join('\n'));
      for (const v of seen) assert.match(v, /^style-src-elem blocked inline\b/);
    } finally {
      await context.close();
    }
  });

  test('the app starts inside an iframe of another origin', { timeout: 60_000 }, async () => {
    await checkPage(await openRecorded(server.origin), async ({ page, violations }) => {
      // The parent is about:blank (an opaque origin of its own), as a course site would be.
      await page.setContent(`<iframe src="${server.url}" width="1000" height="700" title="Partlab"></iframe>`);
      const frame = await (await page.waitForSelector('iframe')).contentFrame();
      await frame.waitForLoadState('load');
      await waitForAppStarted(frame);
      assert.deepEqual(await violations(frame), [], 'CSP violations');
    });
  });
});

describe('single-file page (standalone/partlab-standalone.html)', () => {
  test('has only its hash-based policy', () => {
    const html = fs.readFileSync(STANDALONE, 'utf8');
    const policies = metaPolicies(html);
    assert.equal(policies.length, 1, `one CSP meta, found ${policies.length}`);
    const d = directives(policies[0]);
    assert.deepEqual(d['default-src'], ["'none'"]);
    assert.ok(d['script-src'].every((v) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(v) || v === "'wasm-unsafe-eval'"), policies[0]);
    assert.ok(d['style-src'].every((v) => /^'(sha256-[A-Za-z0-9+/]+=*|none)'$/.test(v)), policies[0]);
    assert.doesNotMatch(policies[0], /unsafe-inline|'unsafe-eval'/);
    // 'self' only where the share dialog's preview frames the page itself.
    assert.deepEqual(d['frame-src'], ["'self'"]);
    assert.doesNotMatch(policies[0].replace("frame-src 'self'", ''), /'self'/);
    // Every inline script's hash is listed (the page would not start otherwise; this says why).
    for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
      if (/type\s*=\s*"?(application\/(ld\+)?json)/i.test(attrs)) continue;
      const hash = crypto.createHash('sha256').update(body).digest('base64');
      assert.ok(d['script-src'].includes(`'sha256-${hash}'`), `script without its hash: <script${attrs}>`);
    }
  });

  test('works from file:// with no CSP violation', { timeout: 60_000 }, async () => {
    await checkPage(await openRecorded('file://'), async ({ page, violations }) => {
      await page.goto(STANDALONE_URL, { waitUntil: 'load' });
      await waitForAppStarted(page);
      assert.deepEqual(await violations(page), [], 'CSP violations');
      // The share dialog's preview: the page itself, framed, started.
      await page.click('#share-open');
      await page.waitForSelector('dialog#share[open]');
      await page.selectOption('#share-view', 'figures');
      const preview = await (await page.waitForSelector('#share-preview')).contentFrame();
      await preview.waitForSelector('#app[data-state="ready"]', { timeout: 30_000 });
      assert.deepEqual(await violations(page), [], 'CSP violations with the share preview');
    });
  });
});
