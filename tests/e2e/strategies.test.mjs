// Maglev, bounded loads and multi-probe are strategies of the hashing chapters like the
// lesson's four: chosen in the list or with `s=`, their parameter (`m`, `lf`, `probes`) in its
// own control and in the address, keys per node as the CLI counts them, axe clean.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { audit, cliJson, keysPerNode, useLab } from './harness.mjs';

const { open } = useLab({ defaults: { height: 900, bypassCSP: true } });
const NODES = 'inv-bcn,inv-vlc,inv-gir,inv-lle';

/** The CLI's keys per node, in node order, as [name, count] strings like keysPerNode(). */
function cliCounts(...args) {
  const d = cliJson('dist', '--nodes', NODES, '--keys', '100000', ...args);
  return d.nodes.map((n) => [n.name, String(n.keys)]);
}

/** Waits until the page's figures table shows `want`. */
async function countsAre(page, want) {
  await page
    .waitForFunction(
      (w) => JSON.stringify([...document.querySelectorAll('#dist-table tr[data-node]')].map((r) => [r.dataset.node, r.dataset.keys])) === w,
      JSON.stringify(want),
      { timeout: 20_000 },
    )
    .catch(async () => assert.deepEqual(await keysPerNode(page), want));
}

describe('strategies beyond the lesson', () => {
  test('Maglev: the table size in its control and in the address', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open('#c=rendezvous&s=maglev&m=1009&l=en');
    assert.equal(await page.inputValue('#strategy'), 'maglev');
    assert.equal(await page.isVisible('#table-size-field'), true);
    assert.equal(await page.isVisible('#load-factor-field'), false);
    assert.equal(await page.inputValue('#table-size'), '1009');
    await countsAre(page, cliCounts('--strategy', 'maglev', '--table-size', '1009'));
    await page.selectOption('#table-size', '65537');
    await countsAre(page, cliCounts('--strategy', 'maglev'));
    // The movement chart compares the lesson's four: its data table has their four columns.
    await page.waitForSelector('#movement-table tbody tr', { state: 'attached' });
    const head = await page.$$eval('#movement-table thead th', (ths) => ths.map((t) => t.textContent));
    const cells = await page.$$eval('#movement-table tbody tr:first-child > *', (cs) => cs.length);
    assert.equal(head.length, cells, JSON.stringify(head));
    assert.equal(head.length, 2 + 4, JSON.stringify(head));
    // The default table size is left out of the address.
    await page.waitForFunction(() => location.hash.includes('s=maglev') && !location.hash.includes('m='));
    assert.deepEqual(await audit(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('bounded loads: the load factor caps every node', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open('#c=ring&l=en');
    await page.selectOption('#strategy', 'bounded');
    await page.waitForSelector('#load-factor-field:not([hidden])');
    await countsAre(page, cliCounts('--strategy', 'bounded'));
    // The slider's first stop: c = 1, every node at ⌈keys / nodes⌉ at most.
    await page.focus('#load-factor');
    await page.keyboard.press('Home');
    const want = cliCounts('--strategy', 'bounded', '--load-factor', '1');
    await countsAre(page, want);
    assert.ok(want.every(([, k]) => Number(k) <= 25_000), JSON.stringify(want));
    await page.waitForFunction(() => location.hash.includes('s=bounded') && location.hash.includes('lf=1&'));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('multi-probe: probes per key, and a refused key count says the way round it', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open('#c=rendezvous&s=multiprobe&probes=5&l=en');
    assert.equal(await page.isVisible('#probes-field'), true);
    assert.equal(await page.textContent('#probes-out'), '5');
    await countsAre(page, cliCounts('--strategy', 'multiprobe', '--probes', '5'));
    await page.focus('#probes');
    await page.keyboard.press('End');
    await countsAre(page, cliCounts('--strategy', 'multiprobe', '--probes', '64'));
    assert.deepEqual(await audit(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('controls the strategy ignores are disabled, the note saying why', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open('#c=mod-n&l=en');
    const state = () =>
      page.evaluate(() => ({
        vnodes: document.querySelector('#vnodes').disabled,
        weights: [...document.querySelectorAll('input[id^="node-weight-"]')].map((w) => w.disabled),
        described: document.querySelector('#node-weight-0').getAttribute('aria-describedby'),
        weightsNote: document.querySelector('#weights-note').textContent,
        vnodesNote: document.querySelector('#vnodes-note').textContent,
      }));
    // Mod N: no virtual nodes and every node the same share.
    await page.waitForFunction(() => document.querySelector('#node-weight-0')?.disabled === true);
    let s = await state();
    assert.equal(s.vnodes, true);
    assert.ok(s.weights.length === 4 && s.weights.every(Boolean), JSON.stringify(s));
    assert.equal(s.described, 'weights-note');
    assert.match(s.weightsNote, /same share/);
    assert.match(s.vnodesNote, /no virtual nodes/);
    // The ring uses both.
    await page.selectOption('#strategy', 'ring');
    await page.waitForFunction(() => document.querySelector('#node-weight-0')?.disabled === false);
    s = await state();
    assert.equal(s.vnodes, false);
    assert.ok(s.weights.every((d) => !d), JSON.stringify(s));
    assert.equal(s.weightsNote, '');
    // Maglev, bounded loads and multi-probe give every node the same share; bounded loads
    // is the ring with a cap, so its vnodes count.
    for (const [strategy, vnodes] of [['maglev', true], ['bounded', false], ['multiprobe', true]]) {
      await page.selectOption('#strategy', strategy);
      await page.waitForFunction(() => document.querySelector('#node-weight-0')?.disabled === true);
      s = await state();
      assert.equal(s.vnodes, vnodes, strategy);
      assert.ok(s.weights.every(Boolean), strategy);
    }
    assert.deepEqual(await audit(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a bad parameter in the address falls back on its own, with a notice', { timeout: 60_000 }, async () => {
    const { page, context, errors } = await open('#c=rendezvous&s=maglev&m=abc&n=a,b,c&l=en');
    assert.equal(await page.inputValue('#strategy'), 'maglev');
    assert.match(await page.textContent('#notices'), /Maglev's table size/);
    assert.equal(await page.inputValue('#table-size'), '65537');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
