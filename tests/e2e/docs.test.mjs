// The docs and the built site agree:
//   - every lab address shown in README.md and docs/**/*.md (a `#` followed by `name=value`
//     pairs: `#c=ring&p=ring-150`, in code, in a link, in an iframe's src) opens in the built
//     lab without a notice and without an error. An address meant to show a notice is written
//     without its `#` (`s=rendezvous&n=alpha,beta,gamma&r=4`), so it is not taken for one;
//   - the guide is built into the site (dist/guide/index.html, a page per chapter), loads nothing
//     from another origin (the build's audit, again on dist/, and every request of every page),
//     and runs under the site's Content-Security-Policy under a sub-path: no violation, no
//     error, its moved scripts ran (the theme and the sidebar are set up);
//   - every relative link of the built guide resolves to a file of dist/ (into the lab too);
//   - the lab's header links to the chapter's guide page (hidden with links=off and in the
//     single file), and the teachers' page to the single file.
// Figures are not checked here: tests/e2e/legacy.test.mjs checks the hashing chapters'
// addresses against the CLI, and each chapter's own test file its figures.
//
// Page hooks: #app[data-state="ready"] (harness), `.notices` (every notice area: the frame's,
// the hashing chapters' and #study-notices), #guide-link, #teachers-single-file a[download].
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DIST, ROOT, STANDALONE, launchBrowser, openPage, recordCspViolations, waitForReady, STANDALONE_URL } from './harness.mjs';
import { startServer } from './server.mjs';
import { audit, attr } from '../../scripts/csp.mjs';
import { INLINE_PREFIX, walk } from '../../scripts/guide.mjs';

const GUIDE = path.join(DIST, 'guide');
const SLUGS = ['replication', 'ranges', 'hash-keys', 'indexes', 'mod-n', 'ring', 'rendezvous', 'rebalancing', 'routing', 'choosing-keys', 'compare', 'hot-keys'];

/** Every markdown file under `dir`, without mdBook's output. */
function markdownFiles(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'book') out.push(...markdownFiles(p));
    } else if (e.name.endsWith('.md')) out.push(p);
  }
  return out.sort();
}

/** Every file under `dir`, relative to it, sorted (the guide's own walk(), scripts/guide.mjs). */
const filesUnder = (dir) => walk(dir).sort();

/**
 * The lab addresses a text shows: `#` and `name=value` pairs joined by `&`, values in URL-safe
 * characters (so `#p=<id>` or `#s=ring&n=…` are not addresses), ending where the text does.
 * The same reading as legacy.test.mjs's.
 */
export function labAddresses(text) {
  const pair = '[a-z]+=[A-Za-z0-9%._~,:+;-]+';
  const re = new RegExp(`#(${pair}(?:&${pair})*)(?=[\\s"'\`)\\]<]|&amp;|$)`, 'g');
  return [...text.matchAll(re)].map((m) => `#${m[1]}`);
}

const DOCS = [path.join(ROOT, 'README.md'), ...markdownFiles(path.join(ROOT, 'docs'))];
/** Each address once, with the first file that shows it. */
const ADDRESSES = new Map();
for (const file of DOCS) {
  for (const a of labAddresses(fs.readFileSync(file, 'utf8'))) {
    if (!ADDRESSES.has(a)) ADDRESSES.set(a, path.relative(ROOT, file));
  }
}

let browser;
let server;
before(async () => {
  browser = await launchBrowser();
  // As published: under a sub-path, with the policy as a header too.
  server = await startServer({ root: DIST, prefix: '/partlab/', csp: true });
});
after(async () => {
  await server?.close();
  await browser?.close();
});

/** The text of every notice on the page (empty: none). */
const noticesOf = (page) =>
  page.$$eval('.notices', (areas) => areas.map((a) => a.textContent.trim()).filter((t) => t !== ''));

describe('lab addresses shown in README.md and docs/', () => {
  test('the docs show addresses of every chapter', () => {
    const chapters = new Set([...ADDRESSES.keys()].map((a) => /(?:^#|&)c=([a-z-]+)/.exec(a)?.[1]).filter(Boolean));
    for (const slug of SLUGS) assert.ok(chapters.has(slug), `no address of c=${slug} in the docs`);
  });

  test('the reader takes addresses and leaves placeholders and bad-field examples out', () => {
    assert.deepEqual(labAddresses('see `#c=ring&p=ring-150` or [x](../index.html#c=mod-n&p=mod-4-5).'), ['#c=ring&p=ring-150', '#c=mod-n&p=mod-4-5']);
    assert.deepEqual(labAddresses('`#p=<id>`, `#s=ring&n=…`, `s=rendezvous&r=4`'), []);
  });

  let opened;
  for (const [address, file] of ADDRESSES) {
    test(`${address} (${file}) opens without a notice`, { timeout: 90_000 }, async () => {
      opened ??= await openPage(browser, server.origin, { width: 1280, height: 800 });
      const { page, errors } = opened;
      await page.goto('about:blank');
      errors.length = 0;
      await page.goto(`${server.url}${address}`);
      await waitForReady(page, 60_000);
      assert.deepEqual(await noticesOf(page), [], `${address} shows a notice`);
      assert.deepEqual(errors, []);
    });
  }
  after(() => opened?.context.close());
});

describe('the guide in the built site', () => {
  test('dist/guide has its index and a page per chapter of the chapter bar', () => {
    assert.ok(fs.existsSync(path.join(GUIDE, 'index.html')), 'dist/guide/index.html');
    for (const slug of SLUGS) assert.ok(fs.existsSync(path.join(GUIDE, 'chapters', `${slug}.html`)), `dist/guide/chapters/${slug}.html`);
    assert.ok(fs.existsSync(path.join(GUIDE, 'teachers', 'index.html')));
    assert.ok(fs.existsSync(path.join(GUIDE, 'reference', 'cli.html')));
  });

  test('nothing in dist/guide loads from another origin or runs inline', () => {
    const files = filesUnder(GUIDE);
    const problems = [];
    for (const f of files.filter((x) => x.endsWith('.html'))) {
      const html = fs.readFileSync(path.join(GUIDE, f), 'utf8');
      const css = [];
      for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
        if ((attr(tag, 'rel') ?? '').toLowerCase() !== 'stylesheet') continue;
        const file = path.resolve(path.dirname(path.join(GUIDE, f)), attr(tag, 'href').split(/[?#]/)[0]);
        css.push([path.relative(GUIDE, file), fs.readFileSync(file, 'utf8')]);
      }
      for (const p of audit(html, css)) problems.push(`${f}: ${p}`);
    }
    for (const f of files.filter((x) => x.endsWith('.css'))) {
      for (const p of audit('', [[f, fs.readFileSync(path.join(GUIDE, f), 'utf8')]])) problems.push(p);
    }
    assert.deepEqual(problems, []);
    assert.ok(files.some((f) => f.startsWith(INLINE_PREFIX)), 'the inline scripts were moved into files');
    assert.ok(!files.some((f) => f.split('/').some((p) => p.startsWith('.'))), 'no dot-file (the server does not serve them)');
  });

  test('every relative link of the built guide resolves to a file of the site', () => {
    const problems = [];
    for (const f of filesUnder(GUIDE).filter((x) => x.endsWith('.html'))) {
      const html = fs.readFileSync(path.join(GUIDE, f), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
      for (const [tag] of html.matchAll(/<(?:a|link|script|img|iframe)\b[^>]*>/gi)) {
        const ref = attr(tag, 'href') ?? attr(tag, 'src');
        if (!ref || /^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('#') || ref.startsWith('//')) continue;
        const target = path.resolve(path.dirname(path.join(GUIDE, f)), decodeURIComponent(ref.split(/[?#]/)[0]));
        const file = fs.existsSync(target) && fs.statSync(target).isDirectory() ? path.join(target, 'index.html') : target;
        if (!file.startsWith(DIST + path.sep) || !fs.existsSync(file)) problems.push(`${f}: ${ref}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test('every page runs under the CSP under /partlab/: no violation, no error, nothing from elsewhere', { timeout: 300_000 }, async () => {
    const { context, page, errors, external } = await openPage(browser, server.origin);
    const violations = await recordCspViolations(context);
    for (const f of filesUnder(GUIDE).filter((x) => x.endsWith('.html') && x !== 'toc.html')) {
      // A fresh document each time: leaving a page aborts what it still loads (its favicon),
      // which is not an error of the next one.
      await page.goto('about:blank');
      errors.length = 0;
      await page.goto(`${server.url}guide/${f}`, { waitUntil: 'networkidle' });
      const state = await page.evaluate(() => ({
        js: document.documentElement.classList.contains('js'),
        sidebarLinks: document.querySelectorAll('#sidebar a[href]').length,
        csp: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? null,
      }));
      assert.ok(state.js, `${f}: the theme script did not run`);
      assert.ok(state.sidebarLinks > 20, `${f}: the sidebar has ${state.sidebarLinks} links`);
      assert.ok(state.csp?.includes("script-src 'self'"), `${f}: no CSP meta`);
      assert.deepEqual(await violations(page), [], f);
      assert.deepEqual(errors, [], f);
    }
    assert.deepEqual(external, []);
    await context.close();
  });
});

describe('links between the lab and the guide', () => {
  test("the header links to the chapter's guide page, which opens", { timeout: 90_000 }, async () => {
    const { context, page, errors } = await openPage(browser, server.origin);
    for (const slug of [...SLUGS, 'teachers']) {
      await page.goto('about:blank');
      await page.goto(`${server.url}#c=${slug}&l=en`);
      await waitForReady(page, 60_000);
      const link = await page.$eval('#guide-link', (a) => ({ href: a.getAttribute('href'), hidden: a.hidden, text: a.textContent }));
      const want = slug === 'teachers' ? 'guide/teachers/index.html' : `guide/chapters/${slug}.html`;
      assert.deepEqual(link, { href: want, hidden: false, text: 'Guide' }, slug);
      assert.ok(fs.existsSync(path.join(DIST, want)), want);
    }
    await page.goto(`${server.url}#c=ring&l=ca`);
    await waitForReady(page);
    assert.equal(await page.textContent('#guide-link'), 'Guia');
    await page.click('#guide-link');
    await page.waitForURL(/guide\/chapters\/ring\.html$/);
    assert.match(await page.textContent('main h1'), /The ring with virtual nodes/);
    // And back: the guide's link into the lab opens the chapter.
    await page.click('main a[href="../../index.html#c=ring"]');
    await waitForReady(page);
    assert.equal(await page.getAttribute('#chapter', 'data-chapter'), 'ring');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('links=off hides the guide link, as it hides every link that leaves the frame', { timeout: 60_000 }, async () => {
    const { context, page } = await openPage(browser, server.origin);
    await page.goto(`${server.url}#c=ring&l=en&links=off`);
    await waitForReady(page);
    assert.equal(await page.$eval('#guide-link', (a) => a.hidden), true);
    await context.close();
  });

  test('the single file, which carries no guide, shows no guide link', { timeout: 60_000 }, async () => {
    assert.doesNotMatch(fs.readFileSync(STANDALONE, 'utf8'), /name="partlab-guide"/);
    const { context, page, errors } = await openPage(browser, 'file://');
    await page.goto(`${STANDALONE_URL}#c=ring&l=en`);
    await waitForReady(page);
    assert.equal(await page.$eval('#guide-link', (a) => a.hidden), true);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the teachers' page offers the single file for download", { timeout: 60_000 }, async () => {
    const { context, page, errors } = await openPage(browser, server.origin);
    await page.goto(`${server.url}#c=teachers&l=en`);
    await waitForReady(page, 60_000);
    const link = await page.$eval('#teachers-single-file a[download]', (a) => ({ href: a.href, text: a.textContent }));
    // Zipped: the page itself runs inline script, which the site's policy blocks.
    assert.equal(link.href, `${server.url}partlab-standalone.zip`);
    assert.match(link.text, /partlab-standalone\.zip/);
    const response = await page.request.get(link.href);
    assert.equal(response.status(), 200);
    assert.equal((await response.body()).subarray(0, 4).toString('latin1'), 'PK\u0003\u0004');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
