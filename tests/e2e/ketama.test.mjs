// Ketama is a strategy of the hashing chapters (`s=ketama`): its keys per node as the CLI
// counts them (weights honoured), and a selected key's line naming the continuum point that
// owns it and the digest that made the point, checked against a continuum computed here with
// node:crypto (⌊40·n·w/W⌋ digests of "server-k" per server, four little-endian u32 points
// each; the key's hash is MD5's first four bytes, little-endian).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { audit, cliJson, useLab } from './harness.mjs';

const { open } = useLab({ defaults: { height: 1000, bypassCSP: true } });
const NODES = ['inv-bcn', 'inv-vlc', 'inv-gir', 'inv-lle'];
const WEIGHTS = [2, 1, 1, 1];
const KEY = 'P-2026-000042';

const md5 = (text) => createHash('md5').update(text, 'utf8').digest();

/** Every point of the continuum, ascending: { point, server, label, part }. */
function continuum() {
  const total = WEIGHTS.reduce((a, b) => a + b, 0);
  const points = [];
  NODES.forEach((server, i) => {
    const groups = Math.floor((40 * NODES.length * WEIGHTS[i]) / total);
    for (let k = 0; k < groups; k++) {
      const d = md5(`${server}-${k}`);
      for (let part = 0; part < 4; part++) {
        points.push({ point: d.readUInt32LE(part * 4), server, label: `${server}-${k}`, part });
      }
    }
  });
  return points.sort((a, b) => a.point - b.point);
}

const text = (page, sel) => page.$eval(sel, (e) => e.textContent.trim());

describe('ketama', () => {
  test('keys per node as the CLI counts them, and the owning point of a key', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open(`#c=ring&s=ketama&w=${WEIGHTS.join(',')}&l=en&key=${KEY}`);
    assert.equal(await page.inputValue('#strategy'), 'ketama');
    const cli = cliJson('dist', '--strategy', 'ketama', '--nodes', NODES.join(','), '--weights', 'inv-bcn=2', '--keys', '100000');
    const want = JSON.stringify(cli.nodes.map((n) => [n.name, String(n.keys)]));
    await page.waitForFunction(
      (w) => JSON.stringify([...document.querySelectorAll('#dist-table tr[data-node]')].map((r) => [r.dataset.node, r.dataset.keys])) === w,
      want,
      { timeout: 30_000 },
    );
    await page.waitForSelector('#key-why[data-why=ketama] [data-why-line]');
    const hash = md5(KEY).readUInt32LE(0);
    const points = continuum();
    const owner = points.find((p) => p.point >= hash) ?? points[0];
    assert.equal(await text(page, '[data-path=owner]'), owner.server);
    const located = cliJson('locate', '--strategy', 'ketama', '--nodes', NODES.join(','), '--weights', 'inv-bcn=2', KEY);
    assert.equal(located.owner, owner.server);
    const line = await text(page, '[data-why-line]');
    const arrow = owner.point >= hash ? '≤' : '→ ↻';
    assert.equal(
      line,
      `${hash.toLocaleString('en-US')} ${arrow} ${owner.point.toLocaleString('en-US')} = md5("${owner.label}")[${owner.part * 4}..${owner.part * 4 + 4}]`,
    );
    assert.ok((await text(page, '[data-path=rule]')).endsWith(line));
    await page.waitForFunction(() => location.hash.includes('s=ketama'));
    assert.deepEqual(await audit(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
