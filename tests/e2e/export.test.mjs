// Downloads: each chart as PNG and its data as CSV, and the figures as CSV, made in the
// browser (data: URLs, no server); the CSV numbers are the CLI's.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, test } from 'node:test';
import { CLI, cliJson, useLab } from './harness.mjs';

const lab = useLab({ defaults: { height: 900, locale: 'en-GB' } });

async function save(page, id) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#${id}`)]);
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
}

describe('exports', () => {
  test('figures and keys per node as CSV, equal to the CLI; charts as PNG', { skip: !CLI && 'no partlab CLI', timeout: 90_000 }, async () => {
    const { context, page, errors } = await lab.open('#c=ring&s=ring&n=inv-bcn,inv-vlc,inv-gir,inv-lle&v=150&k=100000&l=en');
    const cli = cliJson('dist', '--strategy', 'ring', '--nodes', 'inv-bcn,inv-vlc,inv-gir,inv-lle', '--vnodes', '150');
    const figures = await save(page, 'figures-csv');
    assert.equal(figures.name, 'partlab-ring-figures.csv');
    const rows = Object.fromEntries(figures.bytes.toString('utf8').trim().split('\r\n').map((l) => l.split(',')));
    for (const [node, keys] of Object.entries(cli.counts)) assert.equal(rows[`keys of ${node}`], String(keys), node);
    assert.ok(Math.abs(Number(rows['deviation (%)']) - cli.deviation_pct) < 1e-5, rows['deviation (%)']);
    const bars = await save(page, 'bars-csv');
    const lines = bars.bytes.toString('utf8').trim().split('\r\n');
    assert.equal(lines[0], 'node,keys,share (0-1),expected share (0-1)');
    assert.equal(lines.length, 5);
    const png = await save(page, 'bars-png');
    assert.equal(png.name, 'partlab-ring-bars.png');
    assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // The deviation chart's data once its sweep is done: one row per vnode count.
    await page.waitForSelector('#deviation-chart[data-done="true"]', { timeout: 60_000 });
    const dev = (await save(page, 'deviation-csv')).bytes.toString('utf8').trim().split('\r\n');
    assert.match(dev[0], /^vnodes,deviation min \(%\)/);
    assert.ok(dev.length > 5, dev.join('\n'));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a hostile node name is written as text, never as a formula', { timeout: 60_000 }, async () => {
    const { context, page } = await lab.open('#c=ring&n=%3DHYPERLINK(%22x%22),b&l=en');
    const csv = (await save(page, 'bars-csv')).bytes.toString('utf8');
    assert.match(csv, /^"'=HYPERLINK\(""x""\)",/m);
    await context.close();
  });
});
