#!/usr/bin/env node
// Makes Trunk's dist/ run under a strict Content-Security-Policy (POLICY below), run after
// `trunk build --release` (scripts/build.sh does it):
//
//   1. Trunk 0.21 writes its loader (`import init, * as bindings from './x.js'; await init(...)`)
//      as an INLINE <script type="module"> (trunk-rs/trunk#288), which `script-src 'self'`
//      blocks. It is moved, unchanged apart from a comment, into dist/boot-<hash>.js (sha256 of
//      the content, 16 hex digits) and loaded with
//      `<script type="module" src="./boot-<hash>.js" integrity="sha384-…">`, with the same URL
//      prefix as the loader's own import (public_url "./" keeps every URL relative, so dist/
//      works under any sub-path). Its relative import and the wasm URL resolve the same way as
//      before: the boot file sits beside index.html.
//   2. The policy goes into index.html as <meta http-equiv="Content-Security-Policy"> right
//      after <meta charset>, before anything that loads: GitHub Pages cannot send headers.
//      A meta policy cannot carry frame-ancestors (nor report-uri, sandbox); frame-ancestors is
//      not wanted anyway: the lab is embedded in course sites' iframes.
//   3. An audit of the result fails the build on anything the policy would block: an inline
//      executable <script>, a <style> element, a style="" or on…="" attribute, a javascript:
//      URL, a <base>, a <link>/src="" that loads a data:, blob: or other-origin URL, and CSS
//      url()/@import that is not a local file.
//   Also dropped: the `integrity` of Trunk's wasm preload (`as="fetch"`), which Chromium
//   ignores with a console warning. Stale boot-*.js files of earlier runs are removed. Running it again on a processed dist/
//   only re-checks it.
//
// The single-file page (scripts/standalone.mjs, run after this) inlines everything again and
// replaces this meta with its own hash-based policy.
//
// Usage: node scripts/csp.mjs [DIST_DIR]   (default dist). Plain Node.js, no dependencies.
// Also a module: `import { POLICY } from './csp.mjs'` (tests/e2e/server.mjs sends it as a header).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The served build's policy. `default-src 'self'` already covers styles, images, fonts and
 * fetch (the wasm); style-src and img-src are spelled out because the page must respect them
 * (no inline style markup, no data: images). 'wasm-unsafe-eval' allows compiling WebAssembly,
 * nothing allows eval() or inline script/style. No frame-ancestors (see above).
 */
export const POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export const BOOT_PREFIX = 'boot-';

/** `<meta http-equiv="Content-Security-Policy" content="…">` for a policy. */
export function cspMeta(policy) {
  return `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
}

/** Matches a CSP meta tag (to replace it). */
export const CSP_META_RE = /[ \t]*<meta\b[^>]*http-equiv\s*=\s*["']?content-security-policy["']?[^>]*>[ \t]*\n?/gi;

export function attr(tag, name) {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** Script types a browser executes (an empty or missing type is classic JavaScript). */
export function isExecutableScript(openTag) {
  const type = (attr(openTag, 'type') ?? '').trim().toLowerCase();
  return ['', 'module', 'importmap', 'speculationrules', 'text/javascript', 'application/javascript'].includes(type);
}

const isLocalRef = (ref) => !/^(data:|blob:|javascript:|[a-z][a-z0-9+.-]*:|\/\/)/i.test(ref.trim());

/**
 * Everything in `html` that `POLICY` would block, as readable strings (empty: nothing).
 * `cssFiles`: [name, text] of the stylesheets it links.
 */
export function audit(html, cssFiles = []) {
  const problems = [];
  // Comments hold no markup that runs; strip them so their text is not mistaken for tags.
  const markup = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const [, open, body] of markup.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (isExecutableScript(open) && attr(open, 'src') === undefined) {
      problems.push(`inline <script${open}> (${body.trim().slice(0, 60)}…)`);
    }
  }
  if (/<style\b/i.test(markup)) problems.push('a <style> element (style-src has no \'unsafe-inline\')');
  // Tags only: script and style bodies are not markup.
  const tagsOnly = markup.replace(/(<(script|style)\b[^>]*>)[\s\S]*?(<\/\2\s*>)/gi, '$1$3');
  const tagRe = /<([a-z][a-z0-9-]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
  for (const [tag, name, attrs] of tagsOnly.matchAll(tagRe)) {
    const lower = name.toLowerCase();
    if (/\sstyle\s*=/i.test(attrs)) problems.push(`style attribute: ${tag}`);
    const handler = /\s(on[a-z]+)\s*=/i.exec(attrs);
    if (handler) problems.push(`event handler attribute ${handler[1]}: ${tag}`);
    if (/\s(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:/i.test(attrs)) problems.push(`javascript: URL: ${tag}`);
    if (lower === 'base') problems.push(`<base>: ${tag}`);
    // Elements that load something (a plain <a href> only navigates).
    const loads = lower === 'link' ? ['href', 'imagesrcset'] : ['src', 'srcset', 'poster', 'data'];
    if (lower === 'a' || lower === 'area' || lower === 'form') continue;
    for (const a of loads) {
      const v = attr(tag, a);
      if (v === undefined) continue;
      if (lower === 'link') {
        const rel = (attr(tag, 'rel') ?? '').toLowerCase();
        if (/\b(canonical|alternate|author|license|help|next|prev|search)\b/.test(rel)) continue;
      }
      if (!isLocalRef(v)) problems.push(`loads a non-local URL (${v.slice(0, 40)}): ${tag.slice(0, 120)}`);
    }
  }
  for (const [name, css] of cssFiles) {
    // A quoted URL may hold the other quote (an SVG in a data: URL): each quote kind apart.
    for (const [, q1, q2, bare] of css.matchAll(/url\(\s*(?:'([^']*)'|"([^"]*)"|([^'")\s]+))\s*\)/g)) {
      const ref = q1 ?? q2 ?? bare;
      if (!isLocalRef(ref) && !ref.startsWith('#')) problems.push(`${name}: url(${ref.slice(0, 40)}) is not a local file`);
    }
    for (const [, ref] of css.matchAll(/@import\s+(?:url\()?\s*['"]?([^'")\s;]+)/g)) {
      if (!isLocalRef(ref)) problems.push(`${name}: @import ${ref}`);
    }
  }
  return problems;
}

const sha = (alg, text, enc) => crypto.createHash(alg).update(text, 'utf8').digest(enc);

function main() {
  const distDir = path.resolve(process.argv[2] ?? 'dist');
  const fail = (message) => {
    console.error(`csp: ${message}`);
    process.exit(1);
  };
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) fail(`${indexFile} not found: run \`trunk build --release\` first`);
  let html = fs.readFileSync(indexFile, 'utf8');
  const notes = [];

  // --- 1. the inline loader → boot-<hash>.js ----------------------------------------------
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)];
  const inline = scripts.filter(([, open]) => isExecutableScript(open) && attr(open, 'src') === undefined);
  const loaders = inline.filter(([, , body]) => /^\s*import\s+init\b/m.test(body));
  let bootName;
  if (loaders.length > 1) fail(`found ${loaders.length} Trunk loader scripts in index.html, expected one`);
  if (loaders.length === 1) {
    const [tag, open, body] = loaders[0];
    if ((attr(open, 'type') ?? '').toLowerCase() !== 'module') fail(`the loader script is not a module: <script${open}>`);
    const imp = /^\s*import\s+[^;]*?\sfrom\s+(['"])([^'"]+)\1/m.exec(body);
    if (!imp) fail(`no import in Trunk's loader script:\n${body}`);
    const glueRef = imp[2];
    if (!isLocalRef(glueRef)) fail(`the loader imports ${glueRef}, not a file of dist/`);
    const urlPrefix = glueRef.slice(0, glueRef.lastIndexOf('/') + 1); // "./" with public_url "./"
    const dedented = body.replace(/^\n+/, '').replace(/\s+$/, '');
    const content =
      "// Trunk's loader, moved out of index.html by scripts/csp.mjs: the page's\n" +
      "// Content-Security-Policy (script-src 'self') blocks inline scripts.\n" +
      `${dedented}\n`;
    bootName = `${BOOT_PREFIX}${sha('sha256', content, 'hex').slice(0, 16)}.js`;
    fs.writeFileSync(path.join(distDir, bootName), content);
    const integrity = `sha384-${sha('sha384', content, 'base64')}`;
    html = html.replace(tag, () => `<script type="module" src="${urlPrefix}${bootName}" integrity="${integrity}"></script>`);
    notes.push(`moved the inline loader to ${bootName}`);
  } else {
    const boot = scripts.map(([, open]) => attr(open, 'src')).find((src) => src && path.basename(src).startsWith(BOOT_PREFIX));
    if (!boot) fail('no Trunk loader script in index.html (neither inline nor boot-*.js)');
    bootName = path.basename(boot);
    if (!fs.existsSync(path.join(distDir, bootName))) fail(`index.html loads ${boot}, which is missing`);
    notes.push(`already processed (${bootName})`);
  }
  // Not a CSP matter, but a console warning on every load: Chromium ignores `integrity` on a
  // preload `as="fetch"` (crbug.com/981419) and says so. The wasm fetch has no integrity
  // either way, so the attribute is dropped from that preload.
  html = html.replace(/<link\b[^>]*>/gi, (tag) =>
    (attr(tag, 'rel') ?? '').toLowerCase() === 'preload' && (attr(tag, 'as') ?? '').toLowerCase() === 'fetch'
      ? tag.replace(/\sintegrity\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/i, '')
      : tag,
  );
  // Stale boot files from earlier runs on the same dist/.
  for (const f of fs.readdirSync(distDir)) {
    if (f.startsWith(BOOT_PREFIX) && f.endsWith('.js') && f !== bootName) fs.rmSync(path.join(distDir, f));
  }

  // --- 2. the policy as a <meta> right after <meta charset> ---------------------------------
  const existing = [...html.matchAll(CSP_META_RE)];
  const meta = cspMeta(POLICY);
  if (existing.length > 0) {
    if (existing.length > 1 || !existing[0][0].includes(meta)) {
      html = html.replace(CSP_META_RE, '');
    }
  }
  if (!html.includes(meta)) {
    const charset = /<meta\s+charset\s*=\s*["']?[\w-]+["']?\s*\/?>/i.exec(html);
    if (charset) {
      const lineStart = html.lastIndexOf('\n', charset.index) + 1;
      const indent = /^[ \t]*/.exec(html.slice(lineStart))[0];
      const at = charset.index + charset[0].length;
      html = `${html.slice(0, at)}\n${indent}${meta}${html.slice(at)}`;
    } else {
      const head = /<head\b[^>]*>/i.exec(html);
      if (!head) fail('index.html has no <head>');
      const at = head.index + head[0].length;
      html = `${html.slice(0, at)}\n${meta}${html.slice(at)}`;
    }
    notes.push('added the CSP <meta>');
  }
  // Nothing that loads may come before the policy (it only applies to what follows it).
  const metaAt = html.indexOf(meta);
  const before = html.slice(0, metaAt).replace(/<!--[\s\S]*?-->/g, '');
  if (/<(script|link|style|img|iframe|object|embed)\b/i.test(before)) fail('something loads before the CSP <meta>');

  // --- 3. audit ------------------------------------------------------------------------------
  const cssFiles = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attr(tag, 'href');
    if ((attr(tag, 'rel') ?? '').toLowerCase() === 'stylesheet' && href && isLocalRef(href)) {
      const file = path.resolve(distDir, decodeURIComponent(href.split(/[?#]/)[0]));
      if (fs.existsSync(file)) cssFiles.push([path.basename(file), fs.readFileSync(file, 'utf8')]);
    }
  }
  const problems = audit(html, cssFiles);
  if (problems.length > 0) {
    fail(`dist/index.html would break under the CSP (${POLICY}):\n  - ${problems.join('\n  - ')}`);
  }

  fs.writeFileSync(indexFile, html);
  console.log(`csp: ${notes.join('; ')}; checked ${path.relative(process.cwd(), indexFile) || indexFile} and ${cssFiles.length} stylesheet(s)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
