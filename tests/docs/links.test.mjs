// Every relative link in README.md and docs/**/*.md resolves, anchors included, and the guide's
// table of contents (docs/src/SUMMARY.md) holds every page of docs/src/ and nothing else.
// Plain Node.js (node --test tests/docs/), no dependency and no build: scripts/test.sh runs it
// in its `docs` step, before anything is compiled.
//
// How a link resolves:
//   - README.md and docs/dev/*.md are read in the repository: the target must exist there.
//   - A page of the guide (docs/src/) is published at guide/ beside the lab (scripts/guide.sh),
//     so a target must stay inside docs/src/, or be one of the site's own files one level up
//     (index.html, the lab, and partlab-standalone.zip): `../../index.html#c=ring` from
//     docs/src/chapters/. A link to docs/dev/ from the guide would be broken on the site.
//   - `#anchor` (alone or after a .md file) must be a heading of that file, with the id mdBook
//     gives it (GitHub's ids are the same for the headings these files use): lower case,
//     letters, digits, `-` and `_` kept, spaces as `-`, everything else dropped, `-1`, `-2` …
//     after a repeated heading.
//   - Links with a scheme (https:, mailto:) are not checked; a lab address after index.html is
//     checked by tests/e2e/docs.test.mjs, which opens each in the built site.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The site's own files a guide page may link to, one level above the guide. */
export const SITE_FILES = new Set(['index.html', 'partlab-standalone.zip']);

/** Every markdown file under `dir` (absolute paths, sorted), without mdBook's output. */
export function markdownFiles(dir) {
  const out = [];
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'book') out.push(...markdownFiles(p));
    } else if (e.name.endsWith('.md')) out.push(p);
  }
  return out;
}

/** The text outside fenced code blocks and inline code spans (replaced by spaces). */
function prose(text) {
  const lines = [];
  let fence = null;
  for (const line of text.split('\n')) {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (m && (!fence || m[1][0] === fence[0])) {
      fence = fence ? null : m[1];
      lines.push('');
      continue;
    }
    lines.push(fence ? '' : line.replace(/`[^`]*`/g, (s) => ' '.repeat(s.length)));
  }
  return lines.join('\n');
}

/** The targets of a document's links and images: `[text](target)` and `[name]: target`. */
export function linkTargets(text) {
  const body = prose(text);
  const targets = [];
  // Link text may hold code spans (blanked above) and nested brackets of an image.
  for (const m of body.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]);
  for (const m of body.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) targets.push(m[1]);
  return targets;
}

/** The id mdBook gives a heading's text. */
export function headingId(heading) {
  const text = heading
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase();
  let id = '';
  for (const ch of text) {
    if (/[\p{L}\p{N}_-]/u.test(ch)) id += ch;
    else if (/\s/.test(ch)) id += '-';
  }
  return id;
}

/** Every heading id of a markdown document, repeated headings numbered as mdBook does. */
export function anchors(text) {
  const seen = new Map();
  const ids = new Set();
  let fence = null;
  for (const line of text.split('\n')) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line);
    if (f && (!fence || f[1][0] === fence[0])) {
      fence = fence ? null : f[1];
      continue;
    }
    if (fence) continue;
    const m = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = headingId(m[2]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  return ids;
}

/**
 * Problems with the links of `file` (absolute), as readable strings. `bookDir` is the guide's
 * source folder: pages under it are published, and resolve as the site does.
 */
export function checkLinks(file, bookDir) {
  const text = fs.readFileSync(file, 'utf8');
  const problems = [];
  const inBook = file.startsWith(bookDir + path.sep);
  for (const target of linkTargets(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
    const hash = target.indexOf('#');
    const rawPath = hash < 0 ? target : target.slice(0, hash);
    const fragment = hash < 0 ? '' : decodeURIComponent(target.slice(hash + 1));
    const where = `${path.relative(ROOT, file)}: (${target})`;
    const resolved = rawPath ? path.resolve(path.dirname(file), decodeURIComponent(rawPath)) : file;
    if (inBook && !(resolved === bookDir || resolved.startsWith(bookDir + path.sep))) {
      // Outside the guide: only the site's own files, one level above it.
      const site = path.relative(path.dirname(bookDir), resolved);
      if (!SITE_FILES.has(site)) problems.push(`${where} leaves the guide for ${site}, which the site does not have`);
      continue;
    }
    if (!fs.existsSync(resolved)) {
      problems.push(`${where}: ${path.relative(ROOT, resolved)} does not exist`);
      continue;
    }
    if (fragment && resolved.endsWith('.md') && !anchors(fs.readFileSync(resolved, 'utf8')).has(fragment)) {
      problems.push(`${where}: no heading #${fragment} in ${path.relative(ROOT, resolved)}`);
    }
  }
  return problems;
}

/** The pages docs/src/SUMMARY.md lists (relative to docs/src). */
export function summaryPages(summary) {
  return linkTargets(summary).map((t) => decodeURIComponent(t.split('#')[0]));
}

const BOOK = path.join(ROOT, 'docs', 'src');
const DOCS = [path.join(ROOT, 'README.md'), ...markdownFiles(path.join(ROOT, 'docs'))];

describe('links in README.md and docs/', () => {
  test('there are documents to check', () => {
    assert.ok(DOCS.length > 20, `found ${DOCS.length} documents`);
    assert.ok(fs.existsSync(path.join(BOOK, 'SUMMARY.md')));
  });

  for (const file of DOCS) {
    test(`every relative link of ${path.relative(ROOT, file)} resolves`, () => {
      assert.deepEqual(checkLinks(file, BOOK), []);
    });
  }

  test('SUMMARY.md lists every page of the guide once, and only pages that exist', () => {
    const listed = summaryPages(fs.readFileSync(path.join(BOOK, 'SUMMARY.md'), 'utf8'));
    const pages = markdownFiles(BOOK)
      .map((f) => path.relative(BOOK, f))
      .filter((p) => p !== 'SUMMARY.md');
    assert.deepEqual([...listed].sort(), [...new Set(listed)].sort(), 'a page listed twice');
    assert.deepEqual([...listed].sort(), pages.sort());
  });

  test('every chapter of the chapter bar has its guide page', () => {
    const slugs = ['replication', 'ranges', 'hash-keys', 'indexes', 'mod-n', 'ring', 'rendezvous', 'rebalancing', 'routing', 'choosing-keys', 'compare', 'hot-keys'];
    for (const slug of slugs) assert.ok(fs.existsSync(path.join(BOOK, 'chapters', `${slug}.md`)), `docs/src/chapters/${slug}.md`);
  });
});

describe('the link checker itself', () => {
  test('finds a missing file, a missing heading and a link out of the guide', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partlab-links-'));
    const book = path.join(dir, 'src');
    fs.mkdirSync(path.join(book, 'chapters'), { recursive: true });
    fs.writeFileSync(path.join(book, 'a.md'), '# A page\n\n## Address fields\n\n## Notes\n\n## Notes\n');
    fs.writeFileSync(
      path.join(book, 'chapters', 'b.md'),
      [
        '[ok](../a.md#address-fields) [ok](../a.md#notes-1) [lab](../../index.html#c=ring)',
        '[gone](../missing.md) [bad anchor](../a.md#nowhere) [out](../../dev/x.md)',
        '`[not a link](nowhere.md)`',
        '```',
        '[in a block](nowhere.md)',
        '```',
        '[web](https://example.org/x)',
      ].join('\n'),
    );
    const problems = checkLinks(path.join(book, 'chapters', 'b.md'), book);
    assert.equal(problems.length, 3, problems.join('\n'));
    assert.match(problems[0], /missing\.md does not exist/);
    assert.match(problems[1], /no heading #nowhere/);
    assert.match(problems[2], /leaves the guide for dev\/x\.md/);
    fs.rmSync(dir, { recursive: true });
  });

  test('gives headings mdBook\'s ids', () => {
    assert.equal(headingId('5. Hash mod N (`c=mod-n`)'), '5-hash-mod-n-cmod-n');
    assert.equal(headingId('partlab sweep deviation'), 'partlab-sweep-deviation');
    assert.equal(headingId('The single file: `partlab-standalone.html`'), 'the-single-file-partlab-standalonehtml');
  });
});
