#!/usr/bin/env node
// Makes mdBook's output (the guide, built by scripts/guide.sh into the site's guide/) run under
// the same strict Content-Security-Policy as the lab (scripts/csp.mjs, POLICY), and fit to be
// served and precached with the site:
//
//   1. mdBook's pages carry small inline <script>s (the path to the book's root, the theme
//      picked before the page paints, the sidebar's state), which `script-src 'self'` blocks.
//      Each is moved, unchanged, into GUIDE_DIR/partlab-inline-<hash>.js (sha256 of the content,
//      16 hex digits) and loaded with a classic <script src> in the same place: classic scripts
//      run in order, synchronously, sharing their top-level names, as the inline ones did.
//   2. The inline styles mdBook writes (a table column's alignment, the print page's page
//      breaks, `clear: both`) become classes that docs/partlab.css styles (`style-src 'self'`
//      blocks style attributes); any other style attribute fails the audit below.
//   3. The policy goes into every page as a <meta> right after <meta charset>: GitHub Pages sends
//      no headers. The test server (tests/e2e/server.mjs) sends it as a header as well.
//   4. Every page is audited with csp.mjs's audit(): an inline script or style, an event-handler
//      attribute or anything that loads from another origin (a CDN font, MathJax) fails the build.
//   5. What the site does not serve is removed: dot-files (.nojekyll; the test server answers 404
//      for them, and the service worker precaches every file it finds) and mdBook's 404.html,
//      which is meant for a site's root and sets a <base>.
//   6. The icon font (FontAwesome, for the menu bar's buttons) is kept in woff2 alone: every
//      browser that runs the lab (WebAssembly, ES modules) reads woff2 and asks for nothing
//      else, and the four older formats would add 1 MB to what the service worker downloads.
//   7. Images inlined in the stylesheets as data: URLs (the copy button's icon), which
//      `img-src 'self'` blocks, are written to files (partlab-img-<hash>.svg) and referred to
//      by a relative URL.
// The guide is not inlined into the single file (scripts/standalone.mjs), which has no guide.
//
// Usage: node scripts/guide.mjs GUIDE_DIR. Plain Node.js, no dependencies. Also a module: the
// e2e tests import INLINE_PREFIX, GUIDE_META and walk().
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { POLICY, attr, audit, cspMeta, isExecutableScript } from './csp.mjs';

/** Files written for the moved inline scripts start with this. */
export const INLINE_PREFIX = 'partlab-inline-';
/** The lab's mark that the site carries a guide (www/index.html; src/frame.rs reads it). */
export const GUIDE_META = 'partlab-guide';
/** mdBook's style attributes, and the classes of docs/partlab.css that replace them. */
export const STYLE_CLASSES = new Map([
  ['clear: both', 'partlab-clear'],
  ['text-align: left', 'partlab-align-left'],
  ['text-align: center', 'partlab-align-center'],
  ['text-align: right', 'partlab-align-right'],
  ['break-before: page; page-break-before: always;', 'partlab-page-break'],
]);

/** `html` with each known style attribute replaced by its class (merged into a class attribute). */
export function withStyleClasses(html) {
  return html.replace(/<([a-z][a-z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi, (tag, name, attrs) => {
    const style = /\sstyle="([^"]*)"/i.exec(attrs);
    const cls = style && STYLE_CLASSES.get(style[1].trim());
    if (!cls) return tag;
    let rest = attrs.replace(style[0], '');
    const existing = /\sclass="([^"]*)"/i.exec(rest);
    rest = existing ? rest.replace(existing[0], ` class="${existing[1]} ${cls}"`) : `${rest} class="${cls}"`;
    return `<${name}${rest}>`;
  });
}

const GUIDE_META_RE = new RegExp(`[ \\t]*<meta\\s+name="${GUIDE_META}"[^>]*>\\n?`, 'g');

/** Removes the guide's mark from the lab's page (the single file carries no guide). */
export function withoutGuideMeta(html) {
  return html.replace(GUIDE_META_RE, '');
}

/** Every file under `dir`, as paths relative to it (tests/e2e/docs.test.mjs reads the guide with it too). */
export function walk(dir, rel = '') {
  const out = [];
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const p = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...walk(dir, p));
    else out.push(p);
  }
  return out;
}

/**
 * `html` (a page at `depth` folders below the guide's root) with its inline scripts moved out:
 * returns { html, scripts: [[name, content]] }.
 */
export function moveInlineScripts(html, depth) {
  const toRoot = '../'.repeat(depth);
  const scripts = [];
  const out = html.replace(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi, (tag, open, body) => {
    if (!isExecutableScript(open) || attr(open, 'src') !== undefined) return tag;
    if ((attr(open, 'type') ?? '').toLowerCase() === 'module') {
      throw new Error(`an inline module script in the guide (not expected from mdBook): ${body.trim().slice(0, 80)}`);
    }
    const content = `// Moved out of the guide's page by scripts/guide.mjs (script-src 'self').\n${body.replace(/^\n+/, '').replace(/\s+$/, '')}\n`;
    const name = `${INLINE_PREFIX}${crypto.createHash('sha256').update(content).digest('hex').slice(0, 16)}.js`;
    scripts.push([name, content]);
    return `<script src="${toRoot}${name}"></script>`;
  });
  return { html: out, scripts };
}

/** `html` with the policy as a <meta> right after <meta charset> (once). */
export function withPolicy(html) {
  const meta = cspMeta(POLICY);
  if (html.includes(meta)) return html;
  const charset = /<meta\s+charset\s*=\s*["']?[\w-]+["']?\s*\/?>/i.exec(html);
  if (!charset) throw new Error('a guide page has no <meta charset>');
  const at = charset.index + charset[0].length;
  return `${html.slice(0, at)}\n        ${meta}${html.slice(at)}`;
}

function main() {
  const dir = path.resolve(process.argv[2] ?? '');
  if (!process.argv[2] || !fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`guide: no index.html in ${dir}: run mdbook build first (scripts/guide.sh)`);
    process.exit(1);
  }
  // 5. What the site does not serve.
  const removed = [];
  for (const f of walk(dir)) {
    if (f.split('/').some((part) => part.startsWith('.')) || f === '404.html') {
      fs.rmSync(path.join(dir, f));
      removed.push(f);
    }
  }
  // 6. The icon font in woff2 alone.
  const faCss = path.join(dir, 'FontAwesome', 'css', 'font-awesome.css');
  const faFonts = path.join(dir, 'FontAwesome', 'fonts');
  if (fs.existsSync(faCss)) {
    const css = fs.readFileSync(faCss, 'utf8');
    const woff2 = /url\('(\.\.\/fonts\/fontawesome-webfont\.woff2\?[^']*)'\) format\('woff2'\)/.exec(css);
    const faces = css.match(/@font-face\{[^}]*\}/g) ?? [];
    if (!woff2 || faces.length !== 1 || !fs.existsSync(path.join(faFonts, 'fontawesome-webfont.woff2'))) {
      console.error('guide: FontAwesome is not as expected (one @font-face with a woff2 file): see scripts/guide.mjs, step 6');
      process.exit(1);
    }
    const face = `@font-face{font-family:'FontAwesome';src:url('${woff2[1]}') format('woff2');font-weight:normal;font-style:normal}`;
    fs.writeFileSync(faCss, css.replace(faces[0], face));
    for (const f of fs.readdirSync(faFonts)) {
      if (f !== 'fontawesome-webfont.woff2') {
        fs.rmSync(path.join(faFonts, f));
        removed.push(`FontAwesome/fonts/${f}`);
      }
    }
  }
  // 7. Stylesheets' data: images into files.
  const images = new Map();
  for (const f of walk(dir).filter((x) => x.endsWith('.css'))) {
    const file = path.join(dir, f);
    const css = fs.readFileSync(file, 'utf8');
    const toRoot = '../'.repeat(f.split('/').length - 1);
    const out = css.replace(/url\((['"])data:image\/svg\+xml,([\s\S]*?)\1\)/g, (_, quote, body) => {
      // A backslash before a line break continues a CSS string: the SVG is what is left.
      const svg = body.replace(/\\\r?\n/g, '');
      if (/%[0-9a-f]{2}|\\/i.test(svg)) throw new Error(`${f}: an encoded data: image (not expected from mdBook)`);
      const name = `partlab-img-${crypto.createHash('sha256').update(svg).digest('hex').slice(0, 16)}.svg`;
      images.set(name, svg);
      return `url(${quote}${toRoot}${name}${quote})`;
    });
    if (out !== css) fs.writeFileSync(file, out);
  }
  for (const [name, svg] of images) fs.writeFileSync(path.join(dir, name), svg);
  const written = new Map();
  const problems = [];
  const pages = walk(dir).filter((f) => f.endsWith('.html'));
  for (const page of pages) {
    const file = path.join(dir, page);
    const depth = page.split('/').length - 1;
    let html = fs.readFileSync(file, 'utf8');
    // 1. Inline scripts into files.
    const moved = moveInlineScripts(html, depth);
    html = moved.html;
    for (const [name, content] of moved.scripts) written.set(name, content);
    // 2. Inline styles into classes.
    html = withStyleClasses(html);
    // 3. The policy.
    html = withPolicy(html);
    // Nothing that loads may come before the policy (it only applies to what follows it).
    const before = html.slice(0, html.indexOf(cspMeta(POLICY))).replace(/<!--[\s\S]*?-->/g, '');
    if (/<(script|link|style|img|iframe|object|embed)\b/i.test(before)) problems.push(`${page}: something loads before the CSP <meta>`);
    // 4. The audit, with the page's own stylesheets.
    const cssFiles = [];
    for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
      const href = attr(tag, 'href');
      if ((attr(tag, 'rel') ?? '').toLowerCase() !== 'stylesheet' || !href) continue;
      const css = path.resolve(path.dirname(file), decodeURIComponent(href.split(/[?#]/)[0]));
      if (css.startsWith(dir + path.sep) && fs.existsSync(css)) cssFiles.push([path.relative(dir, css), fs.readFileSync(css, 'utf8')]);
      else problems.push(`${page}: stylesheet ${href} is not a file of the guide`);
    }
    for (const p of audit(html, cssFiles)) problems.push(`${page}: ${p}`);
    fs.writeFileSync(file, html);
  }
  for (const [name, content] of written) fs.writeFileSync(path.join(dir, name), content);
  if (problems.length > 0) {
    console.error(`guide: the guide would break under the CSP (${POLICY}):\n  - ${problems.join('\n  - ')}`);
    process.exit(1);
  }
  console.log(
    `guide: ${pages.length} pages under the CSP, ${written.size} inline scripts and ${images.size} inline images moved to files` +
      (removed.length ? `, removed ${removed.join(', ')}` : ''),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
