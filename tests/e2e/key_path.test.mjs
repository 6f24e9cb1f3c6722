// "Why this key" (issue #11): a selected key's path explains its owner in the strategy's own
// terms, and every number is checked against an oracle outside the page: the owner and the
// replicas against the CLI's `locate`, the ring's neighbouring vnodes and the rendezvous
// scores against MD5 computed here with node:crypto (first 8 bytes, big-endian), the
// arithmetic of mod N and jump against BigInt and the CLI's owner.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { audit, cliJson, useLab } from './harness.mjs';

const { open } = useLab({ defaults: { height: 1000, bypassCSP: true } });
const KEY = 'P-2026-000042';

/** MD5 of `text`, first 8 bytes as an unsigned big-endian BigInt (the lesson's hash). */
const h64 = (text) => createHash('md5').update(text, 'utf8').digest().readBigUInt64BE(0);

/** The experiment's node names, in order, from the figures table. */
const nodesOf = (page) => page.$$eval('#dist-table tr[data-node]', (rows) => rows.map((r) => r.dataset.node));

/** The CLI's answer for KEY with the page's nodes. */
function locate(nodes, strategy, replicas, extra = []) {
  return cliJson('locate', '--nodes', nodes.join(','), '--strategy', strategy, '--replicas', String(replicas), ...extra, KEY);
}

/** The ring's vnodes hashed here (`name#i`): the first at or after `key`, and the one before. */
function neighbours(nodes, vnodes, key) {
  const points = nodes
    .flatMap((n) => Array.from({ length: vnodes }, (_, i) => ({ label: `${n}#${i}`, pos: h64(`${n}#${i}`) })))
    .sort((a, b) => (a.pos < b.pos ? -1 : a.pos > b.pos ? 1 : 0));
  const at = Math.max(0, points.findIndex((p) => p.pos >= key));
  return { owner: points[at], previous: points[(at - 1 + points.length) % points.length] };
}

const text = (page, sel) => page.$eval(sel, (e) => e.textContent.trim());

/** Owner and replica rows against the CLI: "replicas" is the whole set, owner first. */
async function checkOwnerAndReplicas(page, want) {
  assert.equal(await text(page, '[data-path=owner]'), want.owner);
  if (want.replicas.length > 1) {
    assert.equal(await text(page, '[data-path=replicas]'), want.replicas.join(', '));
  } else {
    assert.equal(await page.$('[data-path=replicas]'), null);
  }
  assert.equal(await text(page, '[data-path=u64]').then((t) => t.split(' ')[0].replaceAll(',', '')), want.hash);
}

describe('why this key', () => {
  test('ring: the magnifier names the vnodes either side of the key', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open(`#c=ring&l=en&r=3&key=${KEY}`);
    await page.waitForSelector('#key-why[data-why=ring] #magnifier[data-drawn]');
    const nodes = await nodesOf(page);
    const want = locate(nodes, 'ring', 3, ['--vnodes', '150']);
    await checkOwnerAndReplicas(page, want);
    const key = BigInt(want.hash);
    const { owner, previous } = neighbours(nodes, 150, key);
    const m = await page.$eval('#magnifier', (c) => ({ ...c.dataset, w: c.width, h: c.height }));
    assert.equal(m.owner, owner.label);
    assert.equal(m.previous, previous.label);
    assert.ok(Number(m.drawn) >= 2 && m.w > 0 && m.h > 0, JSON.stringify(m));
    assert.ok(owner.label.startsWith(`${want.owner}#`), `${owner.label} vs ${want.owner}`);
    // The replica walk's vnodes belong to the CLI's other replicas, in order.
    assert.deepEqual(m.replicas.split(',').map((l) => l.replace(/#\d+$/, '')), want.replicas.slice(1));
    // The canvas is drawn: pixels of more than one colour.
    const colours = await page.$eval('#magnifier', (c) => {
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const seen = new Set();
      for (let i = 0; i < d.length; i += 4 * 7) seen.add(`${d[i]},${d[i + 1]},${d[i + 2]}`);
      return seen.size;
    });
    assert.ok(colours >= 4, `${colours} colours`);
    // Described in words, with the angles (two decimals, as the path's angle row).
    const desc = await text(page, '#magnifier-desc');
    const deg = (p) => ((Number(p) / 2 ** 64) * 360).toFixed(2);
    assert.ok(desc.includes(`previous vnode ${previous.label} at ${deg(previous.pos)}°`), desc);
    assert.ok(desc.includes(`owner ${owner.label} at ${deg(owner.pos)}°`), desc);
    assert.ok(desc.startsWith(`key at ${deg(key)}°`), desc);
    assert.equal(await page.$eval('#magnifier', (c) => c.getAttribute('aria-describedby')), 'magnifier-desc');
    assert.equal(await text(page, '#ring-h'), 'The ring');
    assert.deepEqual(await audit(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('rendezvous: every node\'s score, sorted, owner and replicas marked', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open(`#c=rendezvous&l=en&r=2&key=${KEY}`);
    await page.waitForSelector('#hrw-table tr[data-node]');
    const nodes = await nodesOf(page);
    const want = locate(nodes, 'rendezvous', 2);
    await checkOwnerAndReplicas(page, want);
    const rows = await page.$$eval('#hrw-table tbody tr', (trs) => trs.map((r) => ({ ...r.dataset })));
    const scores = nodes
      .map((n) => ({ node: n, score: h64(`${n}|${KEY}`) }))
      .sort((a, b) => (a.score > b.score ? -1 : a.score < b.score ? 1 : 0));
    assert.deepEqual(
      rows.map((r) => [r.node, r.score]),
      scores.map((s) => [s.node, String(s.score)]),
    );
    // Copies: the CLI's replica set, owner first, are the first rows.
    assert.deepEqual(
      rows.filter((r) => r.copy !== '').map((r) => [r.node, r.copy]),
      want.replicas.map((n, i) => [n, String(i)]),
    );
    // The displayed score is the same number, grouped like the tables.
    const first = await text(page, '#hrw-table tbody tr:first-child td');
    assert.equal(first, scores[0].score.toLocaleString('en-US'));
    // Not a ring: no ring heading and no "angle on the ring".
    assert.equal(await text(page, '#ring-h'), 'The keys by their hash');
    assert.equal(await page.$$eval('#key-path dt', (dts) => dts.some((d) => /on the ring/.test(d.textContent))), false);
    assert.deepEqual(await audit(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const [strategy, chapter] of [['jump', 'rendezvous'], ['modulo', 'mod-n']]) {
    test(`${strategy}: the arithmetic in one line`, { timeout: 120_000 }, async () => {
      const { page, context, errors } = await open(`#c=${chapter}&s=${strategy}&l=en&key=${KEY}`);
      await page.waitForSelector(`#key-why[data-why=${strategy}] [data-why-line]`);
      const nodes = await nodesOf(page);
      const want = locate(nodes, strategy, 1);
      await checkOwnerAndReplicas(page, want);
      const idx = nodes.indexOf(want.owner);
      const hash = BigInt(want.hash);
      const grouped = hash.toLocaleString('en-US');
      const line = await text(page, '[data-why-line]');
      if (strategy === 'modulo') {
        assert.equal(hash % BigInt(nodes.length), BigInt(idx));
        assert.equal(line, `${grouped} mod ${nodes.length} = ${idx}`);
      } else {
        assert.equal(line, `jump(${grouped}, ${nodes.length}) = ${idx}`);
      }
      // The same line in the path's rule row, and a sentence on what it does.
      assert.ok((await text(page, '[data-path=rule]')).endsWith(line));
      const sentence = await page.$eval('[data-why-line] + p', (p) => p.textContent);
      assert.ok(sentence.length > 40 && sentence.endsWith('.'), sentence);
      assert.equal(await text(page, '#ring-h'), 'The keys by their hash');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('Maglev: the table entry is hash mod M; bounded loads: the magnifier', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open(`#c=rendezvous&s=maglev&m=1009&l=en&key=${KEY}`);
    await page.waitForSelector('#key-why[data-why=maglev] [data-why-line]');
    const hash = h64(KEY);
    const line = await text(page, '[data-why-line]');
    assert.equal(line, `${hash.toLocaleString('en-US')} mod 1,009 = ${(hash % 1009n).toLocaleString('en-US')}`);
    assert.equal(await text(page, '#ring-h'), 'The keys by their hash');
    // Bounded loads draw a ring: the magnifier names the vnode after the key.
    const bounded = await open(`#c=ring&s=bounded&l=en&key=${KEY}`);
    await bounded.page.waitForSelector('#key-why[data-why=ring] #magnifier[data-drawn]');
    const owner = await bounded.page.$eval('#magnifier', (c) => c.dataset.owner);
    assert.equal(owner, neighbours(await nodesOf(bounded.page), 150, hash).owner.label);
    assert.ok((await text(bounded.page, '#magnifier-desc')).includes(`owner ${owner} at`));
    assert.equal(await text(bounded.page, '#ring-h'), 'The ring');
    assert.deepEqual(errors, []);
    assert.deepEqual(bounded.errors, []);
    await bounded.context.close();
    await context.close();
  });
});
