// Nothing lost (issue 47): whatever the user changed survives a reload at any moment, in a
// hashing chapter and in a study chapter (the change not yet in the address is kept in the
// tab's sessionStorage and shown by a reload, never by a link opened in the tab); a language
// switch keeps a node name being typed; an address whose fields are valid alone but break the
// work budget together is kept as typed, with a notice naming the rule, and shown with the
// fewest fields replaced; a faulty study-chapter address keeps its other fields; the single
// file, whose inline script the site's policy blocks, is not served as a page but offered
// zipped, and the teachers' page says so.
//
// Page hooks: #vnodes, #vnodes-out, #node-weight-N, #node-name-N, #lang, #notices .notice,
// `.notices`, #share-open / #share-link, #teachers-single-file a[download], the study
// chapters' `#chapter input[type=range]`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { describe, test } from 'node:test';
import { READY, STANDALONE, keysPerNode, settle, useLab, waitForReady } from './harness.mjs';

// One browser and one server that sends the site's CSP header.
const lab = useLab({ serve: { csp: true }, defaults: { height: 900 } });

/** Reloads at once (no wait for any write of the address) and waits for the lab. */
async function reloadNow(page) {
  await page.reload();
  await waitForReady(page, 60_000);
  await settle(page);
}

/** The errors but the favicon's request, which a reload right after the page opened aborts. */
const realErrors = (errors) => errors.filter((e) => !e.includes('favicon'));

/** Every non-empty notice on the page. */
const noticesOf = (page) =>
  page.$$eval('.notices', (areas) => areas.map((a) => a.textContent.trim()).filter((t) => t !== ''));

/** The one file of a zip archive with one deflated or stored entry: [name, bytes]. */
function unzipOne(zip) {
  assert.equal(zip.readUInt32LE(0), 0x04034b50, 'not a zip archive');
  const method = zip.readUInt16LE(8);
  const packedLength = zip.readUInt32LE(18);
  const nameLength = zip.readUInt16LE(26);
  const extraLength = zip.readUInt16LE(28);
  const name = zip.subarray(30, 30 + nameLength).toString('utf8');
  const start = 30 + nameLength + extraLength;
  const packed = zip.subarray(start, start + packedLength);
  return [name, method === 8 ? zlib.inflateRawSync(packed) : packed];
}

describe('nothing lost', () => {
  // The slider's own value is read, not its output: the output follows on the next frame, and
  // a read right after the presses could see an intermediate step (the reload then rightly
  // shows the last one).
  test('a reload right after five arrow presses, and right after a sixth, keeps the vnodes and the weight, every time', { timeout: 240_000 }, async () => {
    const { page, context, errors } = await lab.open('#c=ring&l=en');
    for (let round = 0; round < 4; round++) {
      // The vnodes slider: five steps up (or down once at the top), then a reload at once.
      await page.focus('#vnodes');
      const before = await page.inputValue('#vnodes');
      const key = round % 2 === 0 ? 'ArrowLeft' : 'ArrowRight';
      for (let i = 0; i < 5; i++) await page.keyboard.press(key);
      const after = await page.inputValue('#vnodes');
      assert.notEqual(after, before, `round ${round}: the presses changed nothing`);
      await settle(page);
      const shown = await page.textContent('#vnodes-out');
      await page.focus('#vnodes');
      await page.keyboard.press(key === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft');
      const last = await page.inputValue('#vnodes');
      assert.notEqual(last, after, `round ${round}: the sixth press changed nothing`);
      await reloadNow(page);
      assert.equal(await page.inputValue('#vnodes'), last, `round ${round}: vnodes after the reload`);
      assert.notEqual(await page.textContent('#vnodes-out'), shown, `round ${round}: the output shows the step before the last`);

      // A node's weight, the same way.
      await page.focus('#node-weight-1');
      const weight = await page.inputValue('#node-weight-1');
      for (let i = 0; i < 5; i++) await page.keyboard.press(round % 2 === 0 ? 'ArrowRight' : 'ArrowLeft');
      const changed = await page.inputValue('#node-weight-1');
      assert.notEqual(changed, weight, `round ${round}: the weight did not move`);
      await reloadNow(page);
      assert.equal(await page.inputValue('#node-weight-1'), changed, `round ${round}: weight after the reload`);
    }
    assert.deepEqual(realErrors(errors), []);
    await context.close();
  });

  test('a committed rename survives a reload at once, every time', { timeout: 180_000 }, async () => {
    const { page, context, errors } = await lab.open('#c=ring&l=en');
    for (let round = 0; round < 7; round++) {
      const name = `renamed-${round}`;
      await page.fill('#node-name-1', name);
      await page.press('#node-name-1', 'Enter');
      await reloadNow(page);
      assert.equal(await page.inputValue('#node-name-1'), name, `round ${round}`);
      assert.ok(name in (await keysPerNode(page)), `round ${round}: the figures lack ${name}`);
    }
    assert.deepEqual(realErrors(errors), []);
    await context.close();
  });

  test('a study chapter keeps a slider moved just before a reload', { timeout: 240_000 }, async () => {
    const { page, context, errors } = await lab.open('#c=ranges&l=en');
    const id = await page.$eval('#chapter input[type=range]', (el) => el.id);
    for (let round = 0; round < 3; round++) {
      await page.focus(`#${id}`);
      const before = await page.inputValue(`#${id}`);
      const key = Number(before) > 0 ? 'ArrowLeft' : 'ArrowRight';
      for (let i = 0; i < 5; i++) await page.keyboard.press(key);
      const after = await page.inputValue(`#${id}`);
      assert.notEqual(after, before, `round ${round}: the presses changed nothing`);
      await reloadNow(page);
      assert.equal(await page.inputValue(`#${id}`), after, `round ${round}`);
    }
    assert.deepEqual(realErrors(errors), []);
    await context.close();
  });

  test('a change kept for a reload never overrides an address opened in the tab', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await lab.open('#c=ring&l=en&v=10');
    const address = page.url();
    await page.focus('#vnodes');
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    assert.notEqual(await page.textContent('#vnodes-out'), '10');
    // Left at once (the change is kept for a reload of this address), then the same address
    // opened as a link: it shows what it says.
    await page.goto('about:blank');
    await page.goto(address);
    await page.waitForSelector(READY);
    await settle(page);
    assert.equal(await page.textContent('#vnodes-out'), '10');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('switching language keeps a node name being typed', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await lab.open('#c=ring&l=en');
    // The menu changed while the name field still has the focus (as a script or an
    // assistive technology can do it).
    await page.fill('#node-name-0', 'mine');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'node-name-0');
    await page.evaluate(() => {
      const select = document.getElementById('lang');
      select.value = 'es';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await settle(page);
    assert.equal(await page.inputValue('#node-name-0'), 'mine');
    assert.deepEqual(Object.keys(await keysPerNode(page))[0], 'mine');
    // With the menu itself.
    await page.fill('#node-name-1', 'yours');
    await page.selectOption('#lang', 'ca');
    await page.waitForFunction(() => document.documentElement.lang === 'ca');
    await settle(page);
    assert.equal(await page.inputValue('#node-name-1'), 'yours');
    assert.deepEqual(Object.keys(await keysPerNode(page)).slice(0, 2), ['mine', 'yours']);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an address over the work budget is kept as typed, with the rule, showing what it can', { timeout: 120_000 }, async () => {
    const nodes = Array.from({ length: 32 }, (_, i) => `n${i}`);
    // Each field is valid alone: 32 nodes, a million keys; rendezvous would compute 32 million
    // scores, over its budget.
    const fragment = `c=rendezvous&s=rendezvous&n=${nodes.join(',')}&k=1000000&l=en`;
    const { page, context, errors } = await lab.open(`#${fragment}`);
    await settle(page);
    const notices = await noticesOf(page);
    assert.ok(notices.some((n) => /250,000/.test(n) && /keys/.test(n)), `no notice with the rule: ${notices.join(' | ')}`);
    // The nodes and the strategy typed are shown (the key count is the default).
    assert.deepEqual(Object.keys(await keysPerNode(page)), nodes);
    assert.equal(await page.inputValue('#strategy'), 'rendezvous');
    // Nothing changed: the address stays as typed.
    await page.waitForTimeout(600);
    assert.equal(new URL(page.url()).hash, `#${fragment}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a faulty address in a study chapter keeps its other fields and stays as typed', { timeout: 120_000 }, async () => {
    const fragment = 'c=replication&nodes=%3Cx%3E&rf=2&l=en';
    const { page, context, errors } = await lab.open(`#${fragment}`);
    await settle(page);
    assert.ok((await noticesOf(page)).length > 0, 'no notice for the faulty field');
    await page.waitForTimeout(600);
    assert.equal(new URL(page.url()).hash, `#${fragment}`);
    await page.click('#share-open');
    await page.waitForSelector('dialog#share[open]');
    assert.match(await page.inputValue('#share-link'), /[#&]rf=2(&|$)/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the single file is offered zipped, not served as a page the site policy would block; its old address points to it', { timeout: 120_000 }, async () => {
    await lab.open('#l=en').then(({ context }) => context.close());
    const { url } = lab.server;
    // Not served: opened from a host sending the site's policy it could never start. Its old
    // address (course pages link to it) is a page with no script or inline style that points
    // to the download and to the lab.
    const moved = await lab.open('').then(async (opened) => {
      await opened.page.goto(`${url}partlab-standalone.html`);
      const found = await opened.page.evaluate(() => ({
        scripts: document.scripts.length,
        styled: document.querySelectorAll('style, [style]').length,
        zip: [...document.querySelectorAll('a[download]')].map((a) => a.href),
        lab: [...document.querySelectorAll('a:not([download])')].map((a) => a.href),
        langs: [...document.querySelectorAll('section[lang]')].map((s) => s.lang),
      }));
      assert.deepEqual(opened.errors, []);
      await opened.context.close();
      return found;
    });
    assert.deepEqual(moved.scripts + moved.styled, 0, 'the old address runs script or inline style');
    assert.deepEqual([...new Set(moved.zip)], [`${url}partlab-standalone.zip`]);
    assert.deepEqual([...new Set(moved.lab)], [url]);
    assert.deepEqual(moved.langs, ['ca', 'en', 'es']);
    const response = await fetch(`${url}partlab-standalone.zip`);
    assert.equal(response.status, 200);
    const [name, bytes] = unzipOne(Buffer.from(await response.arrayBuffer()));
    assert.equal(name, 'partlab-standalone.html');
    assert.ok(bytes.equals(fs.readFileSync(STANDALONE)), 'the zip holds another file than the build\'s');
    // The teachers' page says it exists and links to the download.
    const { page, context, errors } = await lab.open('#c=teachers&l=en');
    const link = await page.$eval('#teachers-single-file a[download]', (a) => ({ href: a.href, text: a.textContent }));
    assert.equal(link.href, `${url}partlab-standalone.zip`);
    assert.match(await page.textContent('#teachers-single-file'), /partlab-standalone\.html/);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
