// The share / embed dialog (src/share.rs, partlab_lab::share): the link and the iframe code it
// gives reproduce the chosen view; the preview shows it at the chosen size; copy works; the
// dialog is keyboard-operable and axe-clean.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { audit, useLab, waitForReady } from './harness.mjs';

// bypassCSP: the axe audit injects its own script.
const lab = useLab({ defaults: { height: 900, locale: 'en-GB', bypassCSP: true } });

describe('share and embed dialog', () => {
  test('a preset, one view, a language and a size give a link and code that reproduce it', { timeout: 60_000 }, async () => {
    const { context, page, errors } = await lab.open('#c=ring&p=ring-10&l=en');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: lab.server.origin });
    await page.click('#share-open');
    await page.waitForSelector('dialog#share[open]');
    // The preset on screen is the one offered.
    assert.equal(await page.inputValue('#share-preset'), 'ring-10');
    await page.check('#share-what-preset');
    await page.selectOption('#share-view', 'figures');
    await page.selectOption('#share-lang', 'ca');
    await page.selectOption('#share-size', '1');
    const link = await page.inputValue('#share-link');
    assert.equal(link, `${lab.server.url}#c=ring&p=ring-10&l=ca&embed=figures`);
    const code = await page.inputValue('#share-code');
    assert.match(code, /^<iframe src="[^"]+" title="Partlab: 6\. L'anell amb nodes virtuals · Xifres" width="480" height="360"/);
    assert.ok(code.includes(link.replaceAll('&', '&amp;')), code);
    // The preview is that link at that size.
    const preview = await page.$eval('#share-preview', (f) => [f.getAttribute('src'), f.width, f.height]);
    assert.deepEqual(preview, [link, '480', '360']);
    // Copy puts the link on the clipboard and says so.
    await page.click('#share-copy-link');
    await page.waitForFunction(() => document.querySelector('#share-copied')?.textContent !== '');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    // The dialog closes with Escape, and the page is as it was.
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog#share:not([open])', { state: 'attached' });
    assert.equal(await page.isVisible('dialog#share'), false);
    // The link opens the view it promises: figures alone, in Catalan, the preset's counts.
    const shared = await lab.open(link.slice(lab.server.url.length));
    assert.equal(await shared.page.getAttribute('html', 'lang'), 'ca');
    assert.equal(await shared.page.isVisible('section[data-view="figures"]'), true);
    assert.equal(await shared.page.isVisible('section[data-view="ring"]'), false);
    assert.equal(await shared.page.getAttribute('#dist-table tr[data-node="inv-vlc"]', 'data-keys'), '10845');
    assert.deepEqual([...errors, ...shared.errors], []);
    await shared.context.close();
    await context.close();
  });

  test('what is on screen is shared whole; a custom size is clamped; links=off is offered', { timeout: 60_000 }, async () => {
    const { context, page, errors } = await lab.open('#c=mod-n&s=modulo&n=a,b,c&l=en');
    await page.click('#share-open');
    await page.selectOption('#share-size', 'custom');
    await page.fill('#share-width', '99999');
    await page.fill('#share-height', '0');
    await page.check('#share-links-off');
    const link = await page.inputValue('#share-link');
    assert.match(link, /#c=mod-n&links=off&s=modulo&n=a,b,c&.*l=en$/);
    assert.match(await page.inputValue('#share-code'), /width="2000" height="200"/);
    await page.keyboard.press('Escape');
    const shared = await lab.open(link.slice(lab.server.url.length));
    await waitForReady(shared.page);
    assert.equal(await shared.page.getAttribute('#chapter', 'data-chapter'), 'mod-n');
    assert.deepEqual(
      await shared.page.$$eval('#dist-table tr[data-node]', (rows) => rows.map((r) => r.dataset.node)),
      ['a', 'b', 'c'],
    );
    assert.deepEqual([...errors, ...shared.errors], []);
    await shared.context.close();
    await context.close();
  });

  test('the open dialog is reachable by keyboard and axe-clean', { timeout: 60_000 }, async () => {
    const { context, page } = await lab.open('#c=rendezvous&l=ca');
    await page.focus('#share-open');
    await page.keyboard.press('Enter');
    await page.waitForSelector('dialog#share[open]');
    assert.deepEqual(await audit(page), []);
    await context.close();
  });
});
