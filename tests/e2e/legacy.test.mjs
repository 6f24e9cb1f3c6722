// Legacy URLs keep their view. Course sites embed today's addresses (README.md and the guide
// under docs/ document the fragment format and an iframe), so whatever the page becomes, these
// must still open the same view with the same figures:
//   (a) every URL fragment of the hashing chapters shown in README.md and docs/**/*.md (parsed
//       from their text, not copied here; the study chapters' addresses are opened by
//       docs.test.mjs, and checked against the CLI by each chapter's own test file);
//   (b) every lesson preset (`partlab lesson --json`, scenarios[].id) as `#p=<id>`, and as
//       `#p=<id>&embed=<view>` for each of the five views.
// The oracle is the native CLI, never the page: a preset's figures are its scenario in
// `partlab lesson --json` (`counts`, `deviation_pct`, `moved_fraction`; for a preset with a
// change, whose page shows the configuration after it, `partlab dist` on its `after`
// configuration), a README fragment's are `partlab dist` (and `partlab locate` for its key)
// on the configuration the fragment spells out.
//
// The only page hooks this file relies on (src/page.rs, src/lib.rs); keep them when the page
// moves things around:
//   #app[data-state="ready"]            the lab has rendered its state
//   #app[data-pending-change="true"]    a preset's change is still to come (waited out)
//   #notices                            where a fragment that cannot be read is reported
//   section[data-view=ring|figures|bars|deviation|movement]
//                                       the five views; embed=<view> shows that one alone
//   tr[data-node][data-keys]            keys per node, in every view that shows them
//   [data-figure=deviation|moved][data-value]
//                                       the figures, percent units
//   [data-path=key|owner]               the selected key's path (README's `key=`)
//   html[lang]                          the language (`l=`)
//
// Run after scripts/build.sh and `cargo build -p partlab-cli` (scripts/test.sh does both).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { CLI, ROOT, cliJson, openPage, useLab } from './harness.mjs';

const VIEWS = ['ring', 'figures', 'bars', 'deviation', 'movement', 'tables'];
/** The views that show keys per node (`tr[data-node][data-keys]`) today. */
const COUNTING_VIEWS = new Set(['ring', 'figures', 'bars']);
/** Half a unit of the last decimal of `data-value` (4 decimals). */
const HALF_LAST_DIGIT = 0.5e-4 + 1e-9;

if (!CLI) throw new Error('legacy.test.mjs needs the partlab CLI as its oracle: run `cargo build -p partlab-cli`');

/** README.md and every markdown file under docs/ (without mdBook's output, docs/book/). */
function docTexts() {
  const out = [fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && e.name !== 'book') walk(p);
      else if (e.isFile() && e.name.endsWith('.md')) out.push(fs.readFileSync(p, 'utf8'));
    }
  };
  walk(path.join(ROOT, 'docs'));
  return out;
}

/**
 * The URL fragments of the hashing chapters that README.md and docs/ show (in code, in an
 * iframe's src, in a link, …): a `#` followed by `name=value` pairs joined by `&`, values in
 * URL-safe characters, so placeholders such as `#p=<id>` or `#s=ring&n=…` are not taken for
 * addresses; without `c` (an address from before chapters) or with a hashing chapter's.
 */
function readmeFragments() {
  const pair = '[a-z]+=[A-Za-z0-9%._~,:+-]+';
  const re = new RegExp(`#(${pair}(?:&${pair})*)(?=[\\s"'\`)\\]]|$)`, 'g');
  const all = docTexts().flatMap((text) => [...text.matchAll(re)].map((m) => `#${m[1]}`));
  // The teachers' page is not an experiment (teachers.test.mjs checks it), and the study
  // chapters are not the hashing instrument.
  return [...new Set(all)].filter((f) => {
    const chapter = /(?:^#|&)c=([^&]*)/.exec(f)?.[1];
    return chapter === undefined || chapter in CHAPTER_STRATEGY;
  });
}

/** A fragment's fields, percent-decoded; `n` and `w` as lists. */
function parseFragment(fragment) {
  const fields = {};
  for (const part of fragment.replace(/^#/, '').split('&')) {
    const i = part.indexOf('=');
    const [name, raw] = i < 0 ? [part, ''] : [part.slice(0, i), part.slice(i + 1)];
    fields[name] = name === 'n' || name === 'w' ? raw.split(',').map(decodeURIComponent) : decodeURIComponent(raw);
  }
  return fields;
}

/** `partlab` options for a configuration: { strategy, nodes: [{ name, weight }], vnodes, replicas, keys }. */
function cliArgs({ strategy, nodes, vnodes, replicas, keys }, { withKeys = true } = {}) {
  const args = ['--strategy', strategy, '--nodes', nodes.map((n) => n.name).join(',')];
  const weighted = nodes.filter((n) => n.weight !== 1);
  if (weighted.length) args.push('--weights', weighted.map((n) => `${n.name}=${n.weight}`).join(','));
  // The CLI takes only the options that apply: vnodes are the ring's, a key count is not
  // `locate`'s.
  if (vnodes !== undefined && strategy === 'ring') args.push('--vnodes', String(vnodes));
  if (replicas !== undefined) args.push('--replicas', String(replicas));
  if (keys !== undefined && withKeys) args.push('--keys', String(keys));
  return args;
}

/** The lesson's four nodes, which every chapter of the hashing instrument opens with. */
const LESSON_NODES = ['inv-bcn', 'inv-vlc', 'inv-gir', 'inv-lle'].map((name) => ({ name, weight: 1 }));
/** The strategy each chapter opens with (README, "Chapters"); no `c` is the ring's. */
const CHAPTER_STRATEGY = { 'mod-n': 'modulo', ring: 'ring', rendezvous: 'rendezvous' };

/** What a README fragment must show, from the CLI run on the configuration it spells out. */
function readmeExpectation(fragment, lesson) {
  const f = parseFragment(fragment);
  const configFields = ['s', 'n', 'w', 'v', 'k', 'r'].filter((k) => k in f);
  let config;
  if (configFields.length) {
    // The page starts from its defaults and the fragment overrides them; the test only
    // knows how to build the CLI's arguments when the nodes are named.
    // Without n= the lesson's four nodes (the old page's default); weights then need names.
    assert.ok(f.n || !f.w, `${fragment}: w= without n= (extend this test)`);
    config = {
      // The old page opened on the ring whatever the preset label said.
      strategy: f.s ?? 'ring',
      nodes: f.n ? f.n.map((name, i) => ({ name, weight: f.w ? Number(f.w[i]) : 1 })) : LESSON_NODES,
      vnodes: f.v,
      replicas: f.r,
      keys: f.k,
    };
  } else if (f.p) {
    // A preset alone means the preset's state: its configuration after the change, if any.
    const s = lesson.scenarios.find((x) => x.id === f.p);
    assert.ok(s, `${fragment}: unknown preset ${f.p}`);
    config = { ...(s.after ?? s.config), keys: lesson.keys };
  } else {
    // Nothing but a chapter (and a language): the chapter as it opens.
    const strategy = CHAPTER_STRATEGY[f.c ?? 'ring'];
    assert.ok(strategy, `${fragment}: unknown chapter ${f.c} (extend this test)`);
    config = { strategy, nodes: LESSON_NODES, vnodes: 150, keys: lesson.keys };
  }
  const dist = cliJson('dist', ...cliArgs(config));
  const want = { embed: f.embed ?? null, lang: f.l ?? null, counts: dist.counts, deviation: dist.deviation_pct };
  if (f.key) {
    want.key = f.key;
    want.owner = cliJson('locate', f.key, ...cliArgs(config, { withKeys: false })).owner;
  }
  return want;
}

/** What a preset must show: its scenario in `partlab lesson --json`. */
function presetExpectation(s, lesson) {
  if (!s.after) return { counts: s.counts, deviation: s.deviation_pct, moved: null };
  // The scenario's counts are its "before" side; the page shows the state after the change.
  const after = cliJson('dist', ...cliArgs({ ...s.after, keys: lesson.keys }));
  return { counts: after.counts, deviation: after.deviation_pct, moved: s.moved_fraction * 100 };
}

const LESSON = cliJson('lesson');
const PRESETS = LESSON.scenarios.map((s) => s.id);
const README_FRAGMENTS = readmeFragments();

const lab = useLab();
/**
 * Two pages, reused for every address (opened on first use): the whole page at a desktop
 * size, embeds at the README's iframe size.
 */
const SIZES = { full: { width: 1280, height: 800 }, embed: { width: 640, height: 640 } };
const pages = {};
async function pageFor(kind) {
  pages[kind] ??= await openPage(lab.browser, lab.server.origin, { ...SIZES[kind], locale: 'en-GB' });
  return pages[kind];
}

/** The data-view names of the visible view sections. */
const visibleViews = (page) =>
  page.$$eval('section[data-view]', (list) =>
    list
      .filter((s) => {
        const r = s.getBoundingClientRect();
        return r.width > 0 && r.height > 0;
      })
      .map((s) => s.dataset.view),
  );

/** Keys per node in each table of view `view` that carries the hook: [{ table, counts }]. */
const countsIn = (page, view) =>
  page.$$eval(`section[data-view="${view}"] tr[data-node][data-keys]`, (rows) => {
    const tables = new Map();
    for (const r of rows) {
      const t = r.closest('table');
      const name = t?.id || `table ${tables.size + 1}`;
      if (!tables.has(name)) tables.set(name, {});
      tables.get(name)[r.dataset.node] = Number(r.dataset.keys);
    }
    return [...tables].map(([table, counts]) => ({ table, counts }));
  });

const valueIn = (page, view, figure) =>
  page
    .$eval(`section[data-view="${view}"] [data-figure="${figure}"][data-value]`, (d) => Number(d.dataset.value))
    .catch(() => null);

const near = (actual, expected, what) =>
  assert.ok(
    actual !== null && Math.abs(actual - expected) <= HALF_LAST_DIGIT,
    `${what}: the page shows ${actual}, the CLI says ${expected}`,
  );

/**
 * Loads `fragment` as a fresh document and checks that the page shows the view and figures
 * of `want` ({ embed, lang?, counts, deviation, moved?, key?, owner? }).
 */
async function checkAddress(fragment, want) {
  const opened = await pageFor(want.embed ? 'embed' : 'full');
  const { page, errors } = opened;
  const at = fragment.length > 60 ? `${fragment.slice(0, 60)}…` : fragment;
  await lab.load(opened, fragment);
  // A preset with a change may show its "before" side first: wait for the final state.
  await page.waitForSelector('#app[data-state="ready"]:not([data-pending-change="true"])', { timeout: 15_000 });

  assert.equal(await page.$$eval('#notices', (n) => n.length), 1, `${at}: no #notices area`);
  assert.equal((await page.textContent('#notices')).trim(), '', `${at}: a notice about the address`);
  if (want.lang) assert.equal(await page.getAttribute('html', 'lang'), want.lang, `${at}: language`);

  const views = await visibleViews(page);
  const expectedViews = want.embed ? [want.embed] : VIEWS;
  assert.deepEqual([...views].sort(), [...expectedViews].sort(), `${at}: visible views`);

  for (const view of expectedViews.filter((v) => COUNTING_VIEWS.has(v))) {
    const tables = await countsIn(page, view);
    assert.ok(tables.length > 0, `${at}: the ${view} view shows no keys per node (tr[data-node][data-keys])`);
    for (const { table, counts } of tables) assert.deepEqual(counts, want.counts, `${at}: keys per node in ${view} (${table})`);
  }
  if (expectedViews.includes('figures')) {
    near(await valueIn(page, 'figures', 'deviation'), want.deviation, `${at}: deviation`);
    if (want.moved !== undefined && want.moved !== null) near(await valueIn(page, 'figures', 'moved'), want.moved, `${at}: moved`);
  }
  if (want.key && expectedViews.includes('ring')) {
    assert.equal(await page.textContent('section[data-view="ring"] [data-path="key"]'), want.key, `${at}: selected key`);
    assert.equal(await page.textContent('section[data-view="ring"] [data-path="owner"]'), want.owner, `${at}: its owner`);
  }
  assert.deepEqual(errors, [], `${at}: errors`);
}

describe('legacy URLs keep their view', () => {
  test('README.md shows at least two URL fragments', () => {
    assert.ok(README_FRAGMENTS.length >= 2, `found ${JSON.stringify(README_FRAGMENTS)}`);
    assert.ok(PRESETS.length > 0, 'partlab lesson --json lists no preset');
  });

  for (const fragment of README_FRAGMENTS) {
    test(`README fragment ${fragment}`, { timeout: 60_000 }, async () => {
      await checkAddress(fragment, readmeExpectation(fragment, LESSON));
    });
  }

  // A preset label over a changed experiment: the preset's chapter, the old page's ring.
  for (const fragment of ['#p=mod-4-5&v=10', '#p=mod-4-5&v=10&embed=figures', '#p=rendezvous&v=20&embed=bars']) {
    test(`old address ${fragment}`, { timeout: 60_000 }, async () => {
      await checkAddress(fragment, readmeExpectation(fragment, LESSON));
    });
  }

  for (const id of PRESETS) {
    test(`preset ${id}: #p=${id}, alone and embedded in each view`, { timeout: 90_000 }, async () => {
      const want = presetExpectation(
        LESSON.scenarios.find((s) => s.id === id),
        LESSON,
      );
      await checkAddress(`#p=${id}`, { ...want, embed: null });
      for (const view of VIEWS) await checkAddress(`#p=${id}&embed=${view}`, { ...want, embed: view });
    });
  }

  test('control: an address the page cannot read does get a notice in #notices', { timeout: 30_000 }, async () => {
    const opened = await pageFor('full');
    await lab.load(opened, '#p=no-such-preset');
    const { page } = opened;
    const notice = (await page.textContent('#notices')).trim();
    assert.notEqual(notice, '', 'no notice for an unknown preset');
  });
});
