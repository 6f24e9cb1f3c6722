// The page in two wasm modules (src/remote.rs, scripts/study-module.sh): the first part (the
// frame and the hashing instrument; in release builds two pieces, scripts/split.mjs and
// split.test.mjs) is all a visitor of the hashing chapters downloads; the
// study module (the study chapters and the teachers' page) is fetched once, the first time
// one of them is shown. Every address keeps working: opened directly, switched to and from,
// under a sub-path with the CSP header, inside a course page's iframe, offline after a visit
// that never showed a study chapter, and in the single file from file://; a failed load says
// so and can be tried again. The open questions panel, the share dialog and the hashing
// chapters' lesson tables are drawn by the study module too: a hashing chapter fetches it when
// one of them is opened, not before.
//
// Hooks: `<meta name="partlab-study-module|partlab-study-wasm|partlab-second-part">`, `#chapter-loading`
// (`role=status`; `data-failed` with `#chapter-retry`), `main[data-study]`, `#app[data-state]`,
// `#quiz-loading` (`data-failed` with `#quiz-retry`), `#share-status[data-failed]`,
// `#tables-status[data-module=loading|failed]`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DIST, checkPage, holdRequests, openPage, recordCspViolations, useBrowser, useServer, waitForReady, STANDALONE_URL } from './harness.mjs';
import { startServer } from './server.mjs';

/** The study module's file names, as the build wrote them into index.html. */
function studyFiles() {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const meta = (name) => new RegExp(`<meta name="${name}" content="([^"]+)">`).exec(html)?.[1];
  return { js: meta('partlab-study-module'), wasm: meta('partlab-study-wasm') };
}

/** The first part's wasm and its second part (scripts/split.mjs), as the build named them. */
function firstParts() {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  return {
    first: /href="\.\/(partlab-[0-9a-f]{1,16}_bg\.wasm)"/.exec(html)?.[1],
    second: /<meta name="partlab-second-part" content="([^"]+)">/.exec(html)?.[1],
  };
}

const fileName = (url) => new URL(url).pathname.split('/').pop();
const wasmRequests = (requests) => requests.filter((u) => fileName(u).endsWith('.wasm')).map(fileName);
/** The wasm fetched so far is the first part's, in its two pieces: no study module. */
const firstPartOnly = (requests) => {
  const { first, second } = firstParts();
  assert.deepEqual(wasmRequests(requests).sort(), [first, second].sort());
};
const chapterOf = (page) => page.getAttribute('#chapter', 'data-chapter');

/**
 * Stands between the page and the study module's glue (`js`): its requests are refused while
 * `gate.fail` is set, then held until `gate.release()`.
 */
async function gateStudyModule(context, js) {
  const gate = { fail: true };
  const held = new Promise((r) => {
    gate.release = r;
  });
  await context.route(`**/${js}*`, async (route) => {
    if (gate.fail) return route.abort('internetdisconnected');
    await held;
    return route.continue();
  });
  return gate;
}

/** The scripts and wasm among `requests`. */
const codeRequests = (requests) => requests.filter((u) => /\.(js|wasm)$/.test(fileName(u)));

/** Whether a console error is a refused request for the study glue (`js`), or its report. */
const refusedGlue = (js) => (e) => e.includes(js) || /study module|dynamically imported/i.test(e);

/** Clicks the chapter bar's link to `slug` and waits until that chapter is drawn. */
async function go(page, slug) {
  await page.click(`a[data-chapter="${slug}"]`);
  await page.waitForSelector(`#chapter[data-chapter="${slug}"]`);
  await waitForReady(page);
}

const chromium = useBrowser();

/** A page on the lab of `server` at `fragment`, ready (English number formats by default). */
async function openLab(server, fragment, options = { locale: 'en-GB' }) {
  const opened = await openPage(chromium.browser, server.origin, options);
  await opened.page.goto(`${server.url}${fragment}`);
  await waitForReady(opened.page);
  return opened;
}

/**
 * Opens the lab of `server` at `fragment` with the study module's glue behind
 * gateStudyModule() (`gate`: refused until `gate.fail` is unset, then held until
 * `gate.release()`), checks that the page, once ready, fetched the first part alone, and runs
 * `body({ page, requests, gate, wasm, … })` under checkPage(): the refused glue's requests and
 * their reports are the only errors allowed on the console.
 */
async function withGatedModule(server, fragment, body) {
  const { js, wasm } = studyFiles();
  const opened = await openPage(chromium.browser, server.origin, { locale: 'en-GB' });
  const gate = await gateStudyModule(opened.context, js);
  await checkPage(
    opened,
    async () => {
      await opened.page.goto(`${server.url}${fragment}`);
      await waitForReady(opened.page);
      firstPartOnly(opened.requests);
      await body({ ...opened, gate, wasm });
    },
    { ignore: refusedGlue(js) },
  );
}


describe('the page in two modules', () => {
  const server = useServer();

  test('the build names a study module, separate from the first part', () => {
    const { js, wasm } = studyFiles();
    assert.match(js ?? '', /^partlab-study-[0-9a-f]{16}\.js$/);
    assert.match(wasm ?? '', /^partlab-study-[0-9a-f]{16}_bg\.wasm$/);
    const { first, second } = firstParts();
    assert.match(second ?? '', /^partlab-later-[0-9a-f]{16}_bg\.wasm$/);
    const wasms = fs.readdirSync(DIST).filter((f) => f.endsWith('.wasm'));
    assert.deepEqual(wasms.sort(), [first, second, wasm].sort());
    for (const f of [js, wasm]) assert.ok(fs.existsSync(path.join(DIST, f)), f);
  });

  test('a visitor of the hashing chapters downloads the first part (in its two pieces) only', { timeout: 60_000 }, async () => {
    const { js, wasm } = studyFiles();
    const { first, second } = firstParts();
    const opened = await openLab(server, '#c=ring&l=en');
    await checkPage(opened, async ({ page, requests }) => {
      for (const slug of ['mod-n', 'rendezvous', 'ring']) await go(page, slug);
      // Two frames more: nothing is fetched later on its own either.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const wasms = wasmRequests(requests);
      assert.deepEqual(wasms.sort(), [first, second].sort(), `wasm requests: ${wasms}`);
      assert.ok(!wasms.includes(wasm), 'not the study module');
      assert.ok(!requests.some((u) => fileName(u) === js), 'the study glue is not fetched');
    });
  });

  test('a study chapter fetches the module once; switching keeps every chapter as it was left', { timeout: 120_000 }, async () => {
    const { js, wasm } = studyFiles();
    const opened = await openLab(server, '#c=ring&l=en');
    await checkPage(opened, async ({ page, requests }) => {
      // The ring at 10 vnodes.
      await page.fill('#vnodes', '5');
      await page.waitForFunction(() => document.querySelector('#vnodes-out')?.textContent === '10');

      await go(page, 'ranges');
      assert.ok(await page.$('main[data-study]'), 'the study chapter is drawn');
      await page.selectOption('#ctl-key', 'market-date');
      await page.waitForFunction(() => window.location.hash.includes('key=market-date'));

      await go(page, 'teachers');
      assert.ok(await page.$('#teachers-presets'), 'the teachers page is drawn');
      await go(page, 'ring');
      assert.equal(await page.textContent('#vnodes-out'), '10', 'the ring is as it was left');
      await go(page, 'ranges');
      assert.equal(await page.inputValue('#ctl-key'), 'market-date', 'ranges is as it was left');
      assert.match(await page.evaluate(() => window.location.hash), /key=market-date/);
      await go(page, 'replication');
      // Back returns to the chapter before, in the study module as in the first part.
      await page.goBack();
      await page.waitForSelector('#chapter[data-chapter="ranges"] main[data-study]');
      assert.equal(await page.inputValue('#ctl-key'), 'market-date');
      await page.goBack();
      await page.waitForSelector('#chapter[data-chapter="ring"]');
      await waitForReady(page);
      assert.equal(await page.textContent('#vnodes-out'), '10');
      await page.goForward();
      await page.waitForSelector('#chapter[data-chapter="ranges"] main[data-study]');
      await go(page, 'replication');

      // The language switch reaches the study chapter.
      await page.selectOption('#lang', 'es');
      await page.waitForFunction(() => document.documentElement.lang === 'es' && window.location.hash.includes('l=es'));

      const count = (name) => requests.filter((u) => fileName(u) === name).length;
      assert.equal(count(js), 1, 'the glue once');
      assert.equal(count(wasm), 1, 'the wasm once');
      // Named in the message: a run on a busy machine once saw a fourth request, unnamed.
      assert.equal(wasmRequests(requests).length, 3, `the first part in two pieces, the study module: ${wasmRequests(requests).join(', ')}`);
    });
  });

  test('while the module loads, the chapter says so and the address stays', { timeout: 60_000 }, async () => {
    const { js } = studyFiles();
    const opened = await openPage(chromium.browser, server.origin, { locale: 'en-GB' });
    await checkPage(opened, async ({ page, context }) => {
      const release = await holdRequests(context, `**/${js}*`);
      const address = '#c=hash-keys&l=en&p=lesson';
      await page.goto(`${server.url}${address}`);
      await page.waitForSelector('#chapter-loading[role="status"]');
      assert.equal((await page.textContent('#chapter-loading')).trim(), 'Loading this chapter…');
      assert.equal(await page.getAttribute('#app', 'data-state'), 'loading');
      assert.equal(await chapterOf(page), 'hash-keys');
      assert.equal(await page.evaluate(() => window.location.hash), address);
      release();
      await waitForReady(page);
      assert.ok(await page.$('main[data-study]'));
      assert.equal(await page.$('#chapter-loading'), null);
    });
  });

  test('a failed load says so; the retry button loads the chapter', { timeout: 60_000 }, async () => {
    const { js } = studyFiles();
    const opened = await openPage(chromium.browser, server.origin, { locale: 'en-GB' });
    await checkPage(opened, async ({ page, context }) => {
      let fail = true;
      await context.route(`**/${js}*`, (route) => (fail ? route.abort('internetdisconnected') : route.continue()));
      await page.goto(`${server.url}#c=ranges&l=ca`);
      await page.waitForSelector('#chapter-loading[data-failed="true"][role="alert"]');
      assert.match(await page.textContent('#chapter-loading'), /No s'ha pogut carregar aquest capítol/);
      // Opened at this address, the page does not move the focus by itself.
      assert.notEqual(await page.evaluate(() => document.activeElement?.id), 'chapter-retry');
      // The rest of the lab works: the ring, then back to the failed chapter.
      await go(page, 'ring');
      await page.click('a[data-chapter="ranges"]');
      await page.waitForSelector('#chapter-loading[data-failed="true"]');
      // The switch failed: the keyboard is on "Try again", not left on the chapter link.
      await page.waitForFunction(() => document.activeElement?.id === 'chapter-retry');
      // Failing again after a retry keeps it there.
      await page.keyboard.press('Enter');
      await page.waitForSelector('#chapter-loading[data-failed="true"]');
      await page.waitForFunction(() => document.activeElement?.id === 'chapter-retry');
      fail = false;
      await page.keyboard.press('Enter');
      await waitForReady(page);
      assert.ok(await page.$('main[data-study]'));
      assert.equal(await chapterOf(page), 'ranges');
    }, { ignore: refusedGlue(js) });
  });

  test('the questions of a hashing chapter fetch the module when opened: loading said, a failure retried, the keyboard kept', { timeout: 60_000 }, async () => {
    // Closed, the questions cost nothing: the first part alone (withGatedModule() checks it).
    await withGatedModule(server, '#c=ring&l=en', async ({ page, requests, gate, wasm }) => {
      const focused = () => page.evaluate(() => document.activeElement?.id ?? '');
      await page.focus('#quiz-open');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#quiz-loading[data-failed="true"][role="alert"]');
      assert.match(await page.textContent('#quiz-loading'), /The questions could not be loaded/);
      assert.equal(await page.$('#quiz[data-open]'), null);
      await page.waitForFunction(() => document.activeElement?.id === 'quiz-retry');
      // The chapter still works, and says nothing of the failure itself.
      assert.equal(await page.getAttribute('#app', 'data-state'), 'ready');
      assert.equal(await chapterOf(page), 'ring');
      // Retried: said while it loads, the keyboard on the status, then on the question.
      gate.fail = false;
      await page.keyboard.press('Enter');
      await page.waitForSelector('#quiz-loading[role="status"]:not([data-failed])');
      assert.equal((await page.textContent('#quiz-loading')).trim(), 'Loading the questions…');
      assert.equal(await focused(), 'quiz-loading');
      gate.release();
      await page.waitForSelector('#quiz[data-open] #quiz-prompt');
      assert.ok((await page.textContent('#quiz-prompt')).length > 20);
      assert.match(await focused(), /^quiz-(guess|choice-0)$/);
      assert.ok(wasmRequests(requests).includes(wasm), `${wasmRequests(requests)}`);
      // Closed again: the keyboard back on the open button; opened again, no other fetch.
      await page.focus('#quiz-close');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => !location.hash.includes('quiz='));
      assert.equal(await focused(), 'quiz-open');
      const fetched = requests.length;
      await page.keyboard.press('Enter');
      await page.waitForSelector('#quiz[data-open] #quiz-prompt');
      assert.match(await focused(), /^quiz-(guess|choice-0)$/);
      assert.deepEqual(codeRequests(requests.slice(fetched)), []);
    });
  });

  test('the share dialog waits for the module: the header says so, a failed load is said, the button tries again', { timeout: 60_000 }, async () => {
    await withGatedModule(server, '#c=ring&l=en&p=ring-10', async ({ page, requests, gate, wasm }) => {
      assert.equal(await page.$('dialog#share'), null);
      await page.focus('#share-open');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#share-status[data-failed="true"]');
      assert.match(await page.textContent('#share-status'), /The share dialog could not be loaded/);
      assert.equal(await page.getAttribute('#share-open', 'aria-busy'), null);
      // The chapter still works.
      assert.equal(await page.getAttribute('#app', 'data-state'), 'ready');
      // The button tries again: busy and said while it loads, then the dialog for the chapter.
      gate.fail = false;
      await page.keyboard.press('Enter');
      await page.waitForSelector('#share-open[aria-busy="true"]');
      assert.equal((await page.textContent('#share-status')).trim(), 'Loading the share dialog…');
      gate.release();
      await page.waitForSelector('dialog#share[open]');
      assert.equal(await page.textContent('#share-status'), '');
      assert.equal(await page.getAttribute('#share-open', 'aria-busy'), null);
      assert.equal(await page.inputValue('#share-preset'), 'ring-10');
      // What is on screen, whole: the chapter's fields as the page reads them.
      const link = await page.inputValue('#share-link');
      assert.ok(link.startsWith(`${server.url}#c=ring&s=ring&`), link);
      assert.match(link, /&v=10&.*p=ring-10&l=en$/);
      assert.ok(wasmRequests(requests).includes(wasm), `${wasmRequests(requests)}`);
      // Closed and opened again: no other fetch, the same dialog.
      await page.keyboard.press('Escape');
      await page.waitForSelector('dialog#share:not([open])', { state: 'attached' });
      const fetched = requests.length;
      await page.click('#share-open');
      await page.waitForSelector('dialog#share[open]');
      assert.equal(await page.$$eval('dialog#share', (d) => d.length), 1);
      assert.deepEqual(codeRequests(requests.slice(fetched)), []);
    });
  });

  test('the lesson tables of a hashing chapter wait for the module: said while it loads, a failure said, reopening tries again', { timeout: 120_000 }, async () => {
    await withGatedModule(server, '#c=mod-n&l=en', async ({ page, requests, gate, wasm }) => {
      const toggle = () => page.click('#tables-summary');
      await toggle();
      await page.waitForSelector('#tables-status[data-module="failed"]');
      assert.match(await page.textContent('#tables-status'), /The tables could not be loaded/);
      assert.equal(await page.$$eval('#tables tr[data-row]', (r) => r.length), 0);
      // Closed and opened again: tried again, said while it loads, then computed.
      gate.fail = false;
      await toggle();
      await toggle();
      await page.waitForSelector('#tables-status[data-module="loading"]');
      assert.equal((await page.textContent('#tables-status')).trim(), 'Loading the tables…');
      gate.release();
      await page.waitForSelector('#tables[data-done="true"]', { timeout: 90_000 });
      assert.equal(await page.getAttribute('#tables-status', 'data-module'), null);
      assert.match(await page.textContent('#tables-status'), /Every lab figure rounds to the lesson's/);
      assert.ok((await page.$$eval('#tables tr[data-row]', (r) => r.length)) > 0);
      assert.ok(wasmRequests(requests).includes(wasm), `${wasmRequests(requests)}`);
    });
  });

  test('the lesson tables follow the chapter: opened in another hashing chapter and language, its own rows at once', { timeout: 120_000 }, async () => {
    const opened = await openLab(server, '#c=ring&l=en');
    await checkPage(opened, async ({ page }) => {
      const parts = () =>
        page.evaluate(() => ({
          chapter: document.querySelector('#tables-panel').dataset.parts.split(','),
          shown: [...document.querySelectorAll('#tables table[data-part]')].map((t) => t.dataset.part),
        }));
      await page.click('#tables-summary');
      await page.waitForSelector('#tables[data-done="true"]', { timeout: 90_000 });
      let p = await parts();
      assert.ok(p.shown.length > 0 && p.shown.every((x) => p.chapter.includes(x)), JSON.stringify(p));
      // Another chapter, in another language (so nothing drawn before can pass for it).
      await go(page, 'mod-n');
      await page.selectOption('#lang', 'es');
      await page.waitForFunction(() => document.documentElement.lang === 'es');
      await page.click('#tables-summary');
      await page.waitForSelector('#tables table[data-part]');
      p = await parts();
      assert.ok(p.shown.every((x) => p.chapter.includes(x)), `mod-n's tables show another chapter's parts: ${JSON.stringify(p)}`);
      await page.waitForSelector('#tables[data-done="true"]', { timeout: 90_000 });
      p = await parts();
      assert.ok(p.shown.length > 0 && p.shown.every((x) => p.chapter.includes(x)), JSON.stringify(p));
    });
  });
});

describe('study addresses under a sub-path with the CSP header, and in a course iframe', () => {
  const lab = useServer({ prefix: '/partlab/', csp: true });
  let course;
  let courseDir;
  before(async () => {
    courseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'partlab-course-'));
    course = await startServer({ root: courseDir });
  });
  after(async () => {
    await course?.close();
    if (courseDir) fs.rmSync(courseDir, { recursive: true, force: true });
  });

  test('a study address opened directly works under the CSP', { timeout: 60_000 }, async () => {
    const { js, wasm } = studyFiles();
    const { page, context, errors, requests } = await openPage(chromium.browser, lab.origin);
    const violations = await recordCspViolations(context);
    await page.goto(`${lab.url}#c=rebalancing&l=es&projector=on`);
    await waitForReady(page);
    assert.ok(await page.$('main[data-study]'));
    assert.equal(await page.getAttribute('html', 'lang'), 'es');
    assert.equal(await page.getAttribute('html', 'data-projector'), '');
    for (const f of [js, wasm]) {
      assert.ok(requests.some((u) => new URL(u).pathname === `/partlab/${f}`), `${f} from the sub-path`);
    }
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a study address in a course page iframe, links=off', { timeout: 60_000 }, async () => {
    fs.writeFileSync(
      path.join(courseDir, 'course.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course</title></head><body>
<iframe id="lab" title="Partlab" src="${lab.url}#c=ranges&l=en&links=off" width="900" height="700"></iframe>
</body></html>`,
    );
    const { page, context, errors } = await openPage(chromium.browser, [course.origin, lab.origin]);
    // The course page counts the lab's "ready" messages.
    await context.addInitScript(() => {
      window.__ready = 0;
      window.addEventListener('message', (e) => {
        if (e.data?.type === 'partlab:ready') window.__ready += 1;
      });
    });
    await page.goto(`${course.url}course.html`);
    const frame = await (await page.waitForSelector('#lab')).contentFrame();
    await waitForReady(frame);
    assert.ok(await frame.$('main[data-study]'));
    assert.equal(await frame.getAttribute('#chapter', 'data-chapter'), 'ranges');
    assert.equal(await frame.isVisible('#open-full'), false, 'links=off hides the link out');
    assert.match(await frame.evaluate(() => window.location.hash), /links=off/);
    // "ready" once (src/lib.rs posts it once the study chapter is drawn).
    await page.waitForFunction(() => window.__ready > 0);
    assert.equal(await page.evaluate(() => window.__ready), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('the study module offline and in the single file', () => {
  const lab = useServer({ prefix: '/partlab/', csp: true });

  test('offline after a ring-only visit, a study chapter opens from the service worker', { timeout: 90_000 }, async () => {
    const { js } = studyFiles();
    const { context, page, errors, requests } = await openPage(chromium.browser, lab.origin, { locale: 'en-GB' });
    await page.goto(`${lab.url}#c=ring&l=en`);
    await waitForReady(page);
    // The first visit installs the worker, which precaches the whole build.
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 30_000 });
    assert.ok(!requests.some((u) => fileName(u) === js), 'the visit itself did not need the study module');
    await context.setOffline(true);
    const served = lab.requests.length;
    await go(page, 'choosing-keys');
    assert.ok(await page.$('main[data-study]'));
    await go(page, 'teachers');
    assert.ok(await page.$('#teachers-presets'));
    assert.deepEqual(lab.requests.slice(served), [], 'requests reached the server while offline');
    await context.setOffline(false);
    assert.deepEqual(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|net::ERR_FAILED/.test(e)), []);
    await context.close();
  });

  test('the single file opens a study chapter from file://, with no other request and no CSP violation', { timeout: 60_000 }, async () => {
    const { context, page, errors, external, requests } = await openPage(chromium.browser, 'file://', { locale: 'en-GB' });
    const violations = await recordCspViolations(context);
    const url = STANDALONE_URL;
    await page.goto(`${url}#c=ring&l=en`, { waitUntil: 'load' });
    await waitForReady(page);
    await go(page, 'hot-keys');
    assert.ok(await page.$('main[data-study]'));
    await go(page, 'ring');
    await go(page, 'teachers');
    assert.ok(await page.$('#teachers-presets'));
    assert.deepEqual(
      requests.filter((u) => !u.startsWith('data:')).map((u) => u.split('#')[0]),
      [url],
      'the page itself is the only file it loads',
    );
    assert.deepEqual(external, []);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
