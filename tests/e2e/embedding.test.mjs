// The embedding contract (src/embedding.rs, the guide's docs/src/teachers/embedding.md): inside a frame of a
// course page on another origin, the lab posts {type: "partlab:ready"} when drawn and
// {type: "partlab:resize", height} when its content height changes, to its parent only; it
// reads nothing the parent sends; `links=off` hides the links that would leave the frame.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DIST, launchBrowser, openPage, waitForReady } from './harness.mjs';
import { startServer } from './server.mjs';

let browser;
let lab;
let course;
let courseDir;
before(async () => {
  browser = await launchBrowser();
  lab = await startServer({ root: DIST, prefix: '/partlab/', csp: true });
  // The course page: another origin (another port), its own inline script, no CSP.
  courseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'partlab-course-'));
  course = await startServer({ root: courseDir });
});
after(async () => {
  await course?.close();
  await lab?.close();
  await browser?.close();
  if (courseDir) fs.rmSync(courseDir, { recursive: true, force: true });
});

/** Every window records the messages it receives (the course page and the lab's frame). */
const RECORD_MESSAGES = () => {
  window.__received = [];
  window.addEventListener('message', (e) => window.__received.push({ origin: e.origin, data: e.data }));
};

function coursePage(name, fragment, { width = 640, height = 480 } = {}) {
  fs.writeFileSync(
    path.join(courseDir, name),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course</title></head><body>
<iframe id="lab" title="Partlab" src="${lab.url}${fragment}" width="${width}" height="${height}" style="border:0"></iframe>
</body></html>`,
  );
  return `${course.url}${name}`;
}

async function labFrame(page) {
  const handle = await page.waitForSelector('#lab');
  const frame = await handle.contentFrame();
  await waitForReady(frame);
  return frame;
}

const partlabMessages = (page) =>
  page.evaluate(() => window.__received.filter((m) => typeof m.data?.type === 'string' && m.data.type.startsWith('partlab:')));

describe('embedding contract', () => {
  test('a frame on another origin posts ready and its height to its parent, never to itself', { timeout: 60_000 }, async () => {
    // Two origins may be reached: the course page's and the lab's.
    const { context, page, errors } = await openPage(browser, [course.origin, lab.origin], { width: 1000, height: 900 });
    await context.addInitScript(RECORD_MESSAGES);
    await page.goto(coursePage('course.html', '#c=ring&l=en'));
    const frame = await labFrame(page);
    await page.waitForFunction(() => window.__received.some((m) => m.data?.type === 'partlab:ready'));
    let messages = await partlabMessages(page);
    for (const m of messages) assert.equal(m.origin, lab.origin, 'only the lab posts');
    assert.equal(messages[0].data.type, 'partlab:ready');
    // The page may still change height after `ready`; the new height follows in
    // a message of its own, which on a loaded machine can come a moment after: the last height
    // posted is compared with the content once the page has settled (up to 5 s).
    let sizes;
    let scrollHeight;
    for (const t0 = Date.now(); ; ) {
      messages = await partlabMessages(page);
      sizes = messages.filter((m) => m.data.type === 'partlab:resize').map((m) => m.data.height);
      scrollHeight = await frame.evaluate(() => document.documentElement.scrollHeight);
      if (sizes.at(-1) === scrollHeight || Date.now() - t0 > 5_000) break;
      await page.waitForTimeout(100);
    }
    assert.ok(sizes.length >= 1, 'a height is posted');
    for (const h of sizes) assert.ok(Number.isInteger(h) && h > 480, `height ${h}: the full page is taller than the frame`);
    assert.equal(sizes.at(-1), scrollHeight);
    // The content grows (the table of contents opens): a new height is posted.
    await frame.click('#toc-summary');
    await page.waitForFunction(
      (before) => window.__received.filter((m) => m.data?.type === 'partlab:resize').at(-1)?.data.height > before,
      scrollHeight,
    );
    // The lab's own window received nothing from itself.
    assert.deepEqual(await frame.evaluate(() => window.__received), []);
    // Whatever the parent sends is ignored: nothing changes, nothing runs.
    const before = await frame.getAttribute('#dist-table tr[data-node="inv-bcn"]', 'data-keys');
    await page.evaluate(() => {
      const w = document.querySelector('#lab').contentWindow;
      w.postMessage({ type: 'partlab:load', fragment: '#v=1' }, '*');
      w.postMessage('<img src=x onerror="document.title=1">', '*');
    });
    await page.waitForTimeout(300);
    assert.equal(await frame.getAttribute('#dist-table tr[data-node="inv-bcn"]', 'data-keys'), before);
    assert.equal(await frame.$('img[src="x"]'), null);
    messages = await partlabMessages(page);
    assert.ok(messages.every((m) => ['partlab:ready', 'partlab:resize'].includes(m.data.type)));
    assert.deepEqual(errors.filter((e) => !e.includes(`${course.origin}/favicon.ico`)), []);
    await context.close();
  });

  test('a page on its own posts nothing', { timeout: 30_000 }, async () => {
    const { context, page } = await openPage(browser, lab.origin);
    await context.addInitScript(RECORD_MESSAGES);
    await page.goto(`${lab.url}#c=ring&l=en`);
    await waitForReady(page);
    await page.waitForTimeout(300);
    assert.deepEqual(await page.evaluate(() => window.__received), []);
    await context.close();
  });

  test('links=off hides the link that leaves the frame, and the address keeps it', { timeout: 30_000 }, async () => {
    const { context, page, errors } = await openPage(browser, lab.origin, { width: 640, height: 480 });
    await page.goto(`${lab.url}#c=ring&p=ring-10&embed=ring&l=en&links=off`);
    await waitForReady(page);
    assert.equal(await page.isVisible('#open-full'), false);
    await page.waitForFunction(() => /[#&]c=ring&links=off&/.test(window.location.hash));
    await page.goto(`${lab.url}#c=ring&p=ring-10&embed=ring&l=en`);
    // A reload while the first load's favicon is still in flight aborts it: not the page's error.
    await page.waitForLoadState('networkidle');
    await page.reload();
    await waitForReady(page);
    assert.equal(await page.isVisible('#open-full'), true);
    // The browser may still start the first document's favicon after the network went idle;
    // the test's reload aborts it then, which is not the page's error.
    assert.deepEqual(errors.filter((e) => !/favicon-[0-9a-f]+\.png \(net::ERR_ABORTED\)/.test(e)), []);
    await context.close();
  });

  test('every embed view stands alone at 640 × 480 and 480 × 360: a caption, nothing cut', { timeout: 120_000 }, async () => {
    for (const [width, height] of [[640, 480], [480, 360]]) {
      const { context, page, errors } = await openPage(browser, lab.origin, { width, height, locale: 'en-GB' });
      for (const view of ['ring', 'figures', 'bars', 'deviation', 'movement', 'tables']) {
        // A fresh load for each view (a fragment change alone would not reload the page).
        await page.goto('about:blank');
        await page.goto(`${lab.url}#c=ring&p=ring-join&l=en&embed=${view}`);
        await waitForReady(page);
        await page.waitForSelector('#app[data-pending-change="false"]');
        const what = `${view} at ${width}×${height}`;
        const caption = await page.textContent('#embed-caption');
        assert.match(caption, /^Ring: inv-tar joins · 5 nodes · deviation [\d.]+\u00a0% · 19\.2\u00a0% of keys moved$/, what);
        const fit = await page.evaluate((name) => {
          const section = document.querySelector(`section[data-view="${name}"]`);
          const r = section.getBoundingClientRect();
          const style = getComputedStyle(section);
          const link = document.querySelector('#open-full').getBoundingClientRect();
          const cap = document.querySelector('#embed-caption').getBoundingClientRect();
          return {
            pageOverflow: document.documentElement.scrollHeight - window.innerHeight,
            sectionBottom: r.bottom,
            scrolls: section.scrollHeight > section.clientHeight + 1,
            overflowY: style.overflowY,
            cue: style.backgroundImage,
            linkBottom: link.bottom,
            captionVisible: cap.height > 0 && cap.bottom <= window.innerHeight,
            captionAbove: cap.bottom <= r.top + 1,
          };
        }, view);
        assert.ok(fit.pageOverflow <= 0, `${what}: the page overflows its frame by ${fit.pageOverflow} px`);
        assert.ok(fit.sectionBottom <= height, `${what}: the view ends at ${fit.sectionBottom}`);
        assert.ok(fit.linkBottom <= height, `${what}: the "open the full lab" link is cut`);
        assert.ok(fit.captionVisible, `${what}: no caption in view`);
        assert.ok(fit.captionAbove, `${what}: the caption is not above the view`);
        if (fit.scrolls) {
          // Taller than its frame: it scrolls, with shadows that say there is more.
          assert.equal(fit.overflowY, 'auto', what);
          assert.match(fit.cue, /gradient/, what);
        }
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});

