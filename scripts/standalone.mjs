#!/usr/bin/env node
// Turns Trunk's dist/ into one self-contained page, standalone/partlab-standalone.html (beside
// dist/, zipped into it: see "Where it goes" below), that works opened from file://
// (double-clicked, or uploaded to a course platform): Chromium blocks module scripts and wasm
// fetches from file://, so everything is inlined:
//   - the wasm-bindgen JS glue, inside the page's module script (its `export`s turned into
//     an object, so the module needs no import);
//   - the wasm, as base64, handed to wasm-bindgen's init: `init({ module_or_path: bytes })`;
//   - wasm-bindgen's snippets that the glue imports (snippets/…/inline0.js), as objects too;
//   - the first wasm's second part (<meta name="partlab-second-part">, see scripts/split.mjs),
//     as base64 bytes in the glue instead of its URL;
//   - the study module (its glue and wasm, named by <meta name="partlab-study-module"> and
//     <meta name="partlab-study-wasm">, see scripts/study-module.sh), which the page loads
//     with a dynamic `import()` when served: in the single file, each `import(url)` of a
//     snippet is answered from the inlined copy instead (its init gets the inlined bytes);
//   - the CSS (<link rel="stylesheet"> becomes <style>, url(...) files become data: URLs);
//   - the favicon (<link rel="icon">), as a data: URL.
// Trunk's preload links are dropped. Anything else that points at a file of dist/ is an
// error, so a future asset that would be missing from the single file is noticed here.
//
// The loader is read either inline (Trunk's own output) or from the boot-<hash>.js file that
// scripts/csp.mjs moves it into (scripts/build.sh runs csp.mjs first).
//
// Content-Security-Policy: the single file runs inline script and style by nature, so the
// served build's <meta> policy (scripts/csp.mjs) is replaced by a hash-based one:
//   default-src 'none'; script-src 'sha256-<the module script>' 'wasm-unsafe-eval';
//   style-src 'sha256-<each <style>>'; img-src data:; font-src data:; frame-src 'self';
//   base-uri 'none'; form-action 'none'
// Only the exact scripts and styles written here may run; no fetch, no other origin; the one
// frame allowed is the share dialog's preview of the page itself. Like the
// served policy, it blocks style="" and on…="" attributes (this script refuses them).
//
// Where it goes: the single file runs inline script and style, which the served site's policy
// (scripts/csp.mjs, also sent as a header by hosts that can) blocks; opened from such a host it
// would never start. So it is not part of what the site serves: the page is written beside
// dist/, to standalone/partlab-standalone.html, and dist/ gets it zipped,
// dist/partlab-standalone.zip, which a browser downloads instead of opening (the teachers'
// page links to it; the old address dist/partlab-standalone.html now says so). The zip holds the one file, deflated, with its date fixed (the same build
// gives the same bytes).
//
// Usage: node scripts/standalone.mjs [DIST_DIR] [OUTPUT_NAME]   (defaults: dist, partlab-standalone.html)
// Plain Node.js (>= 18), no dependencies.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { CSP_META_RE, cspMeta, isExecutableScript } from './csp.mjs';
import { ASSET_TYPES } from './mime.mjs';
import { withoutWorkerMeta } from './sw.mjs';
import { withoutGuideMeta } from './guide.mjs';

const distDir = path.resolve(process.argv[2] ?? 'dist');
const outName = process.argv[3] ?? 'partlab-standalone.html';
/** The single file's folder, beside dist/ (not served). */
const standaloneDir = (dist) => path.join(path.dirname(dist), 'standalone');
const zipName = `${path.basename(outName, '.html')}.zip`;

function fail(message) {
  console.error(`standalone: ${message}`);
  process.exit(1);
}

/** The types of the files a stylesheet may refer to, for their data: URLs. */
const MIME = { ...ASSET_TYPES, '.json': 'application/json' };

const isLocal = (ref) => !/^(data:|blob:|[a-z][a-z0-9+.-]*:\/\/|\/\/|#)/i.test(ref);

/** Reads a file referenced from `fromDir` (a path relative to dist/, like './x.js'). */
function resolveInDist(ref, fromDir = distDir) {
  const clean = decodeURIComponent(ref.split(/[?#]/)[0]);
  const file = path.resolve(fromDir, clean);
  if (!file.startsWith(distDir + path.sep)) fail(`${ref} points outside ${distDir}`);
  if (!fs.existsSync(file)) fail(`${ref} not found in ${distDir}`);
  return file;
}

function attr(tag, name) {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** Keeps a script's text from ending the <script> element early. */
function scriptSafe(js, what) {
  if (/<!--/.test(js)) fail(`${what} contains "<!--", which cannot be inlined in <script> safely`);
  return js.replace(/<\/(script)/gi, '<\\/$1');
}

function inlineCss(css, cssFile) {
  const dir = path.dirname(cssFile);
  return css.replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g, (whole, _q, ref) => {
    if (!isLocal(ref)) return whole;
    const file = resolveInDist(ref, dir);
    const mime = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    return `url("data:${mime};base64,${fs.readFileSync(file).toString('base64')}")`;
  });
}

/**
 * wasm-bindgen's `--target web` glue (an ES module) as a function body that returns the
 * module's exports. Handles the export forms wasm-bindgen emits; refuses imports (snippets
 * from `inline_js`/`module = ...` would need bundling).
 */
function glueAsFunction(glue, jsName, { needsDefault = true } = {}) {
  const exportsMap = []; // [exported name, local name]
  let body = glue.replace(
    /^export\s+(?:(default)\s+([A-Za-z_$][\w$]*)\s*;|\{([^}]*)\}\s*;?|((?:async\s+)?function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*))/gm,
    (whole, isDefault, defaultName, list, kind, name) => {
      if (isDefault) {
        exportsMap.push(['default', defaultName]);
        return '';
      }
      if (list !== undefined) {
        for (const item of list.split(',').map((s) => s.trim()).filter(Boolean)) {
          const m = /^([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/.exec(item);
          if (!m) fail(`unsupported export item "${item}" in ${jsName}`);
          exportsMap.push([m[2] ?? m[1], m[1]]);
        }
        return '';
      }
      exportsMap.push([name, name]);
      return `${kind} ${name}`;
    },
  );
  const leftover = /^\s*(import\s*[\w{*'"]|export\b).*$/m.exec(body);
  if (leftover) fail(`cannot inline ${jsName}: unsupported statement "${leftover[0].trim()}"`);
  if (needsDefault && !exportsMap.some(([exported]) => exported === 'default')) fail(`${jsName} has no default export (init)`);
  const entries = exportsMap.map(([exported, local]) => `${JSON.stringify(exported)}: ${local}`).join(', ');
  body = body.trimEnd();
  return `(() => {\n${body}\nreturn Object.freeze({ __proto__: null, ${entries} });\n})()`;
}

// --- read Trunk's output -------------------------------------------------------------------
const indexFile = path.join(distDir, 'index.html');
if (!fs.existsSync(indexFile)) fail(`${indexFile} not found: run \`trunk build --release\` first`);
// The single file has no service worker (file:// has none): drop the mark that asks for one.
// Nor a guide beside it: drop the mark that makes the header link to one (scripts/guide.mjs).
let html = withoutGuideMeta(withoutWorkerMeta(fs.readFileSync(indexFile, 'utf8')));

// The served build's CSP <meta> goes: the single file gets its own policy (at the end).
html = html.replace(CSP_META_RE, '');

// The loader Trunk injects: `import init, * as bindings from './x.js'; ... init(... './x_bg.wasm' ...)`,
// inline, or in boot-<hash>.js after scripts/csp.mjs (`<script type="module" src=… integrity=…>`).
const scriptRe = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const loaders = [...html.matchAll(scriptRe)]
  .map(([tag, attrs, body]) => {
    const src = attr(attrs, 'src');
    if (src === undefined || !isLocal(src)) return [tag, attrs, body];
    const code = fs.readFileSync(resolveInDist(src), 'utf8');
    // The inlined script keeps its type but not its src and integrity.
    const inlineAttrs = attrs.replace(/\s(?:src|integrity|crossorigin)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?/gi, '');
    return [tag, inlineAttrs, code];
  })
  .filter(([, , body]) => /^\s*import\s+init\b/m.test(body));
if (loaders.length !== 1) fail(`expected one Trunk loader script in index.html, found ${loaders.length}`);
const [loaderTag, loaderAttrs, loaderBody] = loaders[0];

const importRe = /^\s*import\s+([A-Za-z_$][\w$]*)\s*(?:,\s*\*\s*as\s+([A-Za-z_$][\w$]*))?\s+from\s+(['"])([^'"]+)\3\s*;?/m;
const imp = importRe.exec(loaderBody);
if (!imp) fail(`unrecognised import in Trunk's loader script:\n${loaderBody}`);
const [importStmt, initName, nsName, , jsRef] = imp;
if (/^\s*import\s/m.test(loaderBody.replace(importStmt, ''))) {
  fail('the loader script has more than one import (a Trunk initializer?): not supported');
}

const initCallRe = new RegExp(
  `\\b${initName}\\(\\s*(?:\\{\\s*module_or_path\\s*:\\s*(['"])([^'"]+)\\1\\s*\\}|(['"])([^'"]+)\\3)\\s*\\)`,
);
const call = initCallRe.exec(loaderBody);
if (!call) fail(`no ${initName}('...wasm') call in Trunk's loader script:\n${loaderBody}`);
const wasmRef = call[2] ?? call[4];

const jsFile = resolveInDist(jsRef);
const wasmFile = resolveInDist(wasmRef);
const wasmBytes = fs.readFileSync(wasmFile);
if (wasmBytes.subarray(0, 4).toString('latin1') !== '\0asm') fail(`${wasmRef} is not a wasm module`);

// --- wasm-bindgen snippets and the study module ----------------------------------------------
const base64Bytes = `const __partlabBytes = (b64) => { const s = atob(b64); const b = new Uint8Array(s.length); for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i); return b; };`;
const metaContent = (name) => {
  const tag = new RegExp(`<meta\\s+name="${name}"[^>]*>`, 'i').exec(html);
  return tag ? attr(tag[0], 'content') : undefined;
};
const studyJsRef = metaContent('partlab-study-module');
const studyWasmRef = metaContent('partlab-study-wasm');
if (!studyJsRef !== !studyWasmRef) fail('index.html names the study module\'s glue or its wasm, not both');
const studyParts = [];
if (studyJsRef) {
  const studyJs = resolveInDist(studyJsRef);
  const studyWasm = fs.readFileSync(resolveInDist(studyWasmRef));
  if (studyWasm.subarray(0, 4).toString('latin1') !== '\0asm') fail(`${studyWasmRef} is not a wasm module`);
  const name = path.basename(studyJs);
  studyParts.push(
    `// ${name} (the study module's glue), inlined by scripts/standalone.mjs`,
    `const __partlabStudy = ${scriptSafe(glueAsFunction(fs.readFileSync(studyJs, 'utf8'), name), name)};`,
    `// ${path.basename(studyWasmRef)} (${studyWasm.length} bytes), base64`,
    `const __partlabStudyWasm = "${studyWasm.toString('base64')}";`,
  );
  studyParts.wasmBytes = studyWasm.length;
  studyParts.name = name;
}
// What `import(url)` answers in the single file: the inlined modules, by file name (the page
// asks for absolute URLs, maybe with a query: `?try=2` after a failed load).
studyParts.push(
  `const __partlabModules = { ${
    studyParts.name
      ? `${JSON.stringify(studyParts.name)}: () => Object.freeze({ ...__partlabStudy, default: () => __partlabStudy.default({ module_or_path: __partlabBytes(__partlabStudyWasm) }) })`
      : ''
  } };`,
  `const __partlabImport = (url) => { const name = new URL(url, document.baseURI).pathname.split('/').pop(); const m = Object.hasOwn(__partlabModules, name) ? __partlabModules[name] : undefined; return m ? Promise.resolve(m()) : Promise.reject(new Error('not in the single file: ' + url)); };`,
);

/** The snippets inlined into the glue (their preloads are dropped). */
const inlinedSnippets = new Set();

/** The glue with each `import { a, b as c } from './snippets/…'` replaced by the snippet, inlined. */
function withSnippets(glue, glueFile) {
  return glue.replace(
    /^import\s*\{([^}]*)\}\s*from\s*(['"])(\.\/snippets\/[^'"]+)\2\s*;?/gm,
    (whole, list, _q, ref) => {
      const file = resolveInDist(ref, path.dirname(glueFile));
      inlinedSnippets.add(file);
      // A snippet's dynamic imports are answered from the inlined modules.
      const code = fs.readFileSync(file, 'utf8').replace(/\bimport\s*\(/g, '__partlabImport(');
      const names = list
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((item) => {
          const m = /^([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/.exec(item);
          if (!m) fail(`unsupported import item "${item}" of ${ref}`);
          return m[2] ? `${m[1]}: ${m[2]}` : m[1];
        });
      return `const { ${names.join(', ')} } = ${glueAsFunction(code, ref, { needsDefault: false })};`;
    },
  );
}

// --- the second part of the first wasm (scripts/split.mjs) ----------------------------------
// The glue fetches it from `new URL('<name>', import.meta.url)`: here it gets its bytes.
const secondRef = metaContent('partlab-second-part');
const secondFile = secondRef ? resolveInDist(secondRef) : undefined;
let glueText = fs.readFileSync(jsFile, 'utf8');
if (secondFile) {
  const secondBytes = fs.readFileSync(secondFile);
  if (secondBytes.subarray(0, 4).toString('latin1') !== '\0asm') fail(`${secondRef} is not a wasm module`);
  const source = `const secondPartSource = new URL('${secondRef}', import.meta.url);`;
  if (glueText.split(source).length !== 2) fail(`the glue does not load ${secondRef} once (scripts/split.mjs)`);
  glueText = glueText.replace(source, () => `// ${secondRef} (${secondBytes.length} bytes), base64\nconst secondPartSource = __partlabBytes("${secondBytes.toString('base64')}");`);
  html = html.replace(/[ \t]*<meta\s+name="partlab-second-part"[^>]*>\n?/, '');
}

// --- the new loader script -----------------------------------------------------------------
const glue = glueAsFunction(withSnippets(glueText, jsFile), path.basename(jsFile));
const moduleName = '__partlabGlue';
const importReplacement = [
  base64Bytes,
  ...studyParts,
  `// ${path.basename(jsFile)} (wasm-bindgen glue), inlined by scripts/standalone.mjs`,
  `const ${moduleName} = ${scriptSafe(glue, path.basename(jsFile))};`,
  `const ${initName} = ${moduleName}.default;`,
  nsName ? `const ${nsName} = ${moduleName};` : '',
  `// ${path.basename(wasmFile)} (${wasmBytes.length} bytes), base64`,
  `const __partlabWasm = "${wasmBytes.toString('base64')}";`,
  `const __partlabWasmBytes = () => __partlabBytes(__partlabWasm);`,
]
  .filter(Boolean)
  .join('\n');
const newBody = loaderBody
  .replace(importStmt, () => `\n${importReplacement}\n`)
  .replace(call[0], () => `${initName}({ module_or_path: __partlabWasmBytes() })`);
html = html.replace(loaderTag, () => `<script${loaderAttrs}>${newBody}</script>`);

// --- links: drop preloads of the inlined files, inline stylesheets ------------------------
html = html.replace(/<link\b[^>]*>/gi, (tag) => {
  const rel = (attr(tag, 'rel') ?? '').toLowerCase();
  const href = attr(tag, 'href');
  if (!href || !isLocal(href)) return tag;
  const file = resolveInDist(href);
  if (rel === 'modulepreload' || rel === 'preload') {
    if (file === jsFile || file === wasmFile || file === secondFile || inlinedSnippets.has(file)) return '';
    fail(`unexpected preload of ${href}`);
  }
  if (/(^|\s)icon(\s|$)/.test(rel)) {
    const mime = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const type = attr(tag, 'type');
    const sizes = attr(tag, 'sizes');
    return `<link rel="${rel}" href="data:${mime};base64,${fs.readFileSync(file).toString('base64')}"${type ? ` type="${type}"` : ''}${sizes ? ` sizes="${sizes}"` : ''}>`;
  }
  if (rel === 'stylesheet') {
    const media = attr(tag, 'media');
    const css = inlineCss(fs.readFileSync(file, 'utf8'), file);
    if (/<\/style/i.test(css)) fail(`${href} contains "</style"`);
    return `<style${media ? ` media="${media}"` : ''}>\n${css}\n</style>`;
  }
  fail(`cannot inline <link rel="${rel}" href="${href}">`);
  return tag;
});

// Anything else that still loads a file of dist/ would be missing from the single file.
for (const m of html.matchAll(/<(script|img|source|iframe|audio|video|embed)\b[^>]*\ssrc\s*=\s*["']?([^"'\s>]+)/gi)) {
  if (isLocal(m[2])) fail(`<${m[1]} src="${m[2]}"> is not inlined`);
}

// --- the single file's Content-Security-Policy: hashes of exactly what is inlined -----------
const visible = html.replace(/<!--[\s\S]*?-->/g, '');
const b64sha256 = (text) => crypto.createHash('sha256').update(text, 'utf8').digest('base64');
const scriptHashes = [];
for (const [, attrs, body] of visible.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
  if (!isExecutableScript(attrs)) continue;
  if (attr(attrs, 'src') !== undefined) fail(`<script${attrs}> still loads a file`);
  scriptHashes.push(`'sha256-${b64sha256(body)}'`);
}
const styleHashes = [...visible.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)].map(([, body]) => `'sha256-${b64sha256(body)}'`);
const tagsOnly = visible.replace(/(<(script|style)\b[^>]*>)[\s\S]*?(<\/\2\s*>)/gi, '$1$3');
for (const [tag] of tagsOnly.matchAll(/<[a-z][a-z0-9-]*\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi)) {
  if (/\s(style|on[a-z]+)\s*=/i.test(tag)) fail(`${tag.slice(0, 120)}: inline style/event attributes are blocked by the CSP`);
}
const policy = [
  "default-src 'none'",
  `script-src ${[...new Set(scriptHashes)].join(' ') || "'none'"} 'wasm-unsafe-eval'`,
  `style-src ${[...new Set(styleHashes)].join(' ') || "'none'"}`,
  'img-src data:',
  'font-src data:',
  // The share dialog's live preview frames the page itself (its own file: URL).
  "frame-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
const charset = /<meta\s+charset\s*=\s*["']?[\w-]+["']?\s*\/?>/i.exec(html);
if (!charset) fail('index.html has no <meta charset>');
{
  const lineStart = html.lastIndexOf('\n', charset.index) + 1;
  const indent = /^[ \t]*/.exec(html.slice(lineStart))[0];
  const at = charset.index + charset[0].length;
  html = `${html.slice(0, at)}\n${indent}${cspMeta(policy)}${html.slice(at)}`;
}

const outDir = standaloneDir(distDir);
fs.mkdirSync(outDir, { recursive: true });
const outFile = path.join(outDir, outName);
fs.writeFileSync(outFile, html);
// Its old address in dist/ (links to it exist in course pages) is now a small page without any
// script or inline style, which loads under the site's policy and points to the download and to
// the lab.
fs.writeFileSync(path.join(distDir, outName), movedPage(zipName));
const zipFile = path.join(distDir, zipName);
fs.writeFileSync(zipFile, zipOne(outName, Buffer.from(html, 'utf8')));
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(
  `standalone: wrote ${path.relative(process.cwd(), outFile) || outFile} and ${path.relative(process.cwd(), zipFile) || zipFile} ` +
    `(${kb(fs.statSync(zipFile).size)}) (${kb(Buffer.byteLength(html))}; ` +
    `wasm ${kb(wasmBytes.length)}, glue ${path.basename(jsFile)}` +
    `${studyParts.name ? `; study module ${studyParts.name}, wasm ${kb(studyParts.wasmBytes)}` : ''})`,
);

/**
 * The page left at the single file's old address: in the three languages, a link to the
 * zipped file and one to the lab; nothing the site's policy blocks (no script, no style).
 */
function movedPage(zip) {
  const parts = [
    ['ca', 'El laboratori en un sol fitxer ara es descarrega comprimit', 'Descarrega', 'Obre el laboratori en línia'],
    ['en', 'The lab as a single file is now a zipped download', 'Download', 'Open the lab online'],
    ['es', 'El laboratorio en un solo archivo ahora se descarga comprimido', 'Descargar', 'Abrir el laboratorio en línea'],
  ];
  const sections = parts
    .map(
      ([lang, title, download, online]) =>
        `<section lang="${lang}">\n<h2>${title}</h2>\n<p><a href="${zip}" download>${download} ${zip}</a> · <a href="./">${online}</a></p>\n</section>`,
    )
    .join('\n');
  return `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>Partlab: ${zip}</title>\n</head>\n<body>\n<main>\n<h1>Partlab</h1>\n${sections}\n</main>\n</body>\n</html>\n`;
}

/** CRC-32 (IEEE), as zip files carry it. */
function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip archive holding `data` as `name`, deflated, dated 2026-01-01 00:00 (reproducible). */
function zipOne(name, data) {
  const nameBytes = Buffer.from(name, 'utf8');
  const packed = zlib.deflateRawSync(data, { level: 9 });
  const crc = crc32(data);
  const time = 0;
  const date = ((2026 - 1980) << 9) | (1 << 5) | 1;
  const common = (b, at) => {
    b.writeUInt16LE(20, at); // version needed: 2.0 (deflate)
    b.writeUInt16LE(0x0800, at + 2); // the name is UTF-8
    b.writeUInt16LE(8, at + 4); // deflated
    b.writeUInt16LE(time, at + 6);
    b.writeUInt16LE(date, at + 8);
    b.writeUInt32LE(crc, at + 10);
    b.writeUInt32LE(packed.length, at + 14);
    b.writeUInt32LE(data.length, at + 18);
    b.writeUInt16LE(nameBytes.length, at + 22);
    b.writeUInt16LE(0, at + 24); // no extra field
  };
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  common(local, 4);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4); // made by: 2.0
  common(central, 6);
  // comment length, disk, internal and external attributes, local header offset: all 0.
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(local.length + nameBytes.length + packed.length, 16);
  return Buffer.concat([local, nameBytes, packed, central, nameBytes, end]);
}
