#!/usr/bin/env node
// Splits the first part's wasm in two, guided by what a cold load runs: the part fetched
// first keeps every function that a cold load of the hashing chapters calls until its ring is
// drawn and its first figures are computed; every other function (the charts, their sweeps,
// compare mode, the "why" panel, the readouts, error texts, …) moves to a second part, fetched
// and compiled in parallel and instantiated as soon as it is compiled (before the ring).
// Run by scripts/build.sh after `trunk build --release`, before scripts/csp.mjs. Debug builds
// (`trunk serve`) are not split.
//
//   1. the release build's wasm (target/wasm32-unknown-unknown/release/partlab.wasm) goes
//      through wasm-bindgen and wasm-opt again (the level and parameters of index.html's
//      `data-wasm-opt` and `data-wasm-opt-params`), as Trunk did, keeping function names;
//      the result must have the imports and exports of Trunk's wasm (its glue is reused);
//   2. binaryen's `wasm-split --instrument` adds a first-call timestamp to every function;
//      the instrumented build is served and opened in headless Chromium at each address of
//      PROFILED (the default view, the hashing chapters, the lesson's experiments, three
//      languages, an embedded view, two study chapters; each opened cold, then reloaded),
//      and each page's profile is read at the end of the task in which its ring was drawn
//      with the lab's first result (or its study chapter appeared);
//   3. `wasm-split --profile` keeps the functions any of those loads called and moves the
//      others out: the first part imports a placeholder for each (module "placeholder",
//      named by its table slot), the second part imports the first part's memory, tables,
//      globals and functions (module "primary") and fills the slots when instantiated;
//   4. the first part replaces Trunk's wasm (same name); the second is written as
//      `partlab-later-<hash>_bg.wasm`; the glue gets the placeholders and the loader
//      (LOADER below); index.html gets a preload of the second part, `<meta
//      name="partlab-second-part">` (scripts/standalone.mjs inlines it) and the glue's new
//      integrity hash.
//
// A placeholder called before the second part is in (an address none of the profiled loads
// covered, on a slow network) loads it synchronously and marks `partlab-second-part-late`
// (performance marks); `partlab-second-part-in` marks when it was instantiated.
//
// binaryen's wasm-split comes from Debian (`binaryen`, version 108: npm's binaryen has no
// wasm-split). It exports the first part's externref table under the wrong index (it points
// `__wbindgen_externrefs` at the function table); fixExports() below corrects that and
// checks every exported table's type.
//
// Usage: node scripts/split.mjs [DIST_DIR]   (default dist). Needs wasm-bindgen, wasm-opt
// (npm binaryen 132, first on PATH: scripts/env.sh), wasm-split and Chromium. With
// PARTLAB_SPLIT_MAPS=DIR it also writes DIR/first.symbols and DIR/second.symbols: the name of
// each function that each part holds.
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchBrowser } from '../tests/e2e/harness.mjs';
import { startServer } from '../tests/e2e/server.mjs';
import { exportsOf, importsOf, tablesOf } from './wasm-sections.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILT = path.join(path.resolve(ROOT, process.env.CARGO_TARGET_DIR ?? 'target'), 'wasm32-unknown-unknown/release/partlab.wasm');
/** wasm-split (binaryen 108) needs the features spelled out. */
const FEATURES = [
  '--enable-bulk-memory',
  '--enable-nontrapping-float-to-int',
  '--enable-sign-ext',
  '--enable-mutable-globals',
  '--enable-multivalue',
  '--enable-reference-types',
];
/**
 * The addresses whose cold loads decide what the first part keeps: the default view, each
 * hashing chapter, the lesson's experiments, the other two languages, a large ring, the four
 * strategies beyond the lesson, weighted nodes with replicas, an embedded view and the
 * projector, and two chapters of the study module (the first part's share of them: the frame
 * and the module's loading). Each is profiled up to the task in
 * which its ring is drawn with the lab's first result (or its study chapter appears).
 */
export const PROFILED = [
  '',
  '#c=ring',
  '#c=mod-n',
  '#c=rendezvous',
  '#p=ring-10&l=ca',
  '#p=ring-150',
  '#c=ring&l=en',
  '#c=ring&l=es',
  '#c=mod-n&s=modulo&v=10',
  '#c=rendezvous&l=en',
  '#c=mod-n&s=jump&l=en',
  '#c=rendezvous&s=maglev&m=65537',
  '#c=ring&s=bounded&lf=1.25',
  '#c=rendezvous&s=multiprobe&probes=21',
  '#c=ring&n=n1,n2,n3,n4,n5,n6,n7,n8&w=5,1,1,1,1,1,1,2&v=100&r=3',
  '#c=ring&links=off',
  '#c=ring&projector=on',
  '#c=ranges',
  '#c=teachers&l=en',
];
/** The performance marks of the loader (tests and the benchmark read them). */
export const MARK_IN = 'partlab-second-part-in';
export const MARK_LATE = 'partlab-second-part-late';
export const META = 'partlab-second-part';

/**
 * The loader appended to the glue (`SECOND_PART`: the second part's file name). The glue's
 * imports call secondPartPlaceholders(), its instantiation secondPartPrimaryReady() (before
 * the app's start, which runs in the same task). scripts/standalone.mjs replaces the
 * `new URL(…)` with the second part's bytes.
 */
const LOADER = `// --- The second part of the wasm, added by scripts/split.mjs -------------------------------
// wasm-split moved the functions that no profiled cold load calls until its first result into
// a second module; until it is instantiated, the first part's table holds a placeholder for
// each. Its bytes are fetched as the page starts (the preload answers), it is compiled in a
// task after the first part's start (compiled beside it, or as the app starts, it delayed both
// by a few milliseconds) and instantiated as soon as it is compiled. A placeholder called
// before then compiles it on the spot from the bytes (a few milliseconds), or, if they have
// not arrived, fetches them synchronously.
const secondPartSource = new URL('SECOND_PART', import.meta.url);
let secondPartBytes, secondPartModule, secondPartInstance;
const secondPartFetched = secondPartSource instanceof URL
    ? fetch(secondPartSource, { priority: 'low' })
        .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(r.statusText))))
        .then((buffer) => (secondPartBytes = new Uint8Array(buffer)))
    : Promise.resolve((secondPartBytes = secondPartSource));
secondPartFetched.catch(() => {}); // A failed fetch: the first placeholder called tries again.
function secondPartPlaceholders() {
    return new Proxy({}, {
        get(_, slot) {
            return (...args) => {
                secondPartInstantiate();
                return wasm.table.get(Number(slot))(...args);
            };
        },
    });
}
function secondPartPrimaryReady() {
    setTimeout(() => {
        secondPartFetched
            .then((bytes) => WebAssembly.compile(bytes))
            .then((module) => {
                secondPartModule ??= module;
                secondPartInstantiate();
            }, () => {});
    }, 0);
}
function secondPartInstantiate() {
    if (secondPartInstance !== undefined) return;
    if (secondPartModule === undefined) {
        performance.mark('${MARK_LATE}');
        secondPartModule = new WebAssembly.Module(secondPartBytes ?? secondPartFetchNow(secondPartSource));
    }
    secondPartInstance = new WebAssembly.Instance(secondPartModule, { primary: wasm });
    performance.mark('${MARK_IN}');
}
function secondPartFetchNow(url) {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', url, false);
    xhr.overrideMimeType('text/plain; charset=x-user-defined');
    xhr.send();
    if (xhr.status !== 200) throw new Error('Partlab could not load ' + url.pathname + ' (' + xhr.status + ')');
    const text = xhr.responseText;
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
    return bytes;
}
`;

/** Stops the split with a message (the temporary files, browser and server are closed). */
const fail = (msg) => {
  throw new Error(msg);
};
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });

/** Imports as "module.field" and exports as "kind:name", for comparing two builds. */
function interfaceOf(buf) {
  return [
    ...importsOf(buf).map((e) => `import ${e.module}.${e.field}`),
    ...exportsOf(buf).map((e) => `export ${e.kind}:${e.name}`),
  ].sort();
}

/**
 * Points each exported table at the table of its name's type: wasm-split 108 exports
 * `__wbindgen_externrefs` as the function table. Fails when it cannot.
 */
function fixExports(file) {
  const buf = fs.readFileSync(file);
  // Element types, imported tables first: 0x70 funcref, 0x6f externref.
  const tables = [...importsOf(buf).filter((e) => e.kind === 1).map((e) => e.elementType), ...tablesOf(buf)];
  for (const e of exportsOf(buf)) {
    if (e.kind !== 1) continue;
    const want = e.name === '__wbindgen_externrefs' ? 0x6f : 0x70;
    if (tables[e.index] === want) continue;
    const right = tables.indexOf(want);
    if (right < 0 || right > 0x7f || e.indexBytes !== 1) fail(`cannot repoint table export ${e.name} in ${file}`);
    buf[e.indexAt] = right;
  }
  fs.writeFileSync(file, buf);
}

// --- the split ------------------------------------------------------------------------------
async function main() {
  const dist = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist'));
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) fail(`${indexFile} not found: run \`trunk build --release\` first`);
  let html = fs.readFileSync(indexFile, 'utf8');
  if (html.includes(`name="${META}"`)) fail(`${dist} is split already`);
  const glueName = /href="\.\/(partlab-[0-9a-f]{1,16}\.js)"/.exec(html)?.[1];
  const wasmName = /href="\.\/(partlab-[0-9a-f]{1,16}_bg\.wasm)"/.exec(html)?.[1];
  if (!glueName || !wasmName) fail(`no partlab-<hash>.js / _bg.wasm preload in ${indexFile}`);
  const trunkIndex = fs.readFileSync(path.join(ROOT, 'www/index.html'), 'utf8');
  const wasmOptParams = /data-wasm-opt-params="([^"]*)"/.exec(trunkIndex)?.[1] ?? '';
  const wasmOptLevel = /data-wasm-opt="([^"]*)"/.exec(trunkIndex)?.[1] ?? 'z';

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'partlab-split-'));
  try {
    // 1. The same build as Trunk's, with function names.
    run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', tmp, '--out-name', 'partlab', BUILT]);
    const named = path.join(tmp, 'named.wasm');
    run('wasm-opt', [`-O${wasmOptLevel}`, '-g', ...wasmOptParams.split(/\s+/).filter(Boolean), path.join(tmp, 'partlab_bg.wasm'), '-o', named]);
    const trunkWasm = fs.readFileSync(path.join(dist, wasmName));
    const [ours, theirs] = [interfaceOf(fs.readFileSync(named)), interfaceOf(trunkWasm)];
    if (ours.join('\n') !== theirs.join('\n')) fail(`${BUILT} does not match Trunk's ${wasmName} (built from another commit?)`);

    // 2. Profiles of cold loads.
    const instrumented = path.join(tmp, 'instrumented.wasm');
    run('wasm-split', [named, '--instrument', '-o', instrumented, ...FEATURES]);
    fixExports(instrumented);
    const site = path.join(tmp, 'site');
    fs.cpSync(dist, site, { recursive: true });
    fs.copyFileSync(instrumented, path.join(site, wasmName));
    const profiles = await profile(site, path.join(tmp, 'profile'));

    // 3. The split.
    const merged = path.join(tmp, 'merged.profile');
    run('wasm-split', ['--merge-profiles', ...profiles, '-o', merged, ...FEATURES]);
    const first = path.join(tmp, 'first.wasm');
    const second = path.join(tmp, 'second.wasm');
    const maps = process.env.PARTLAB_SPLIT_MAPS;
    run('wasm-split', [named, '--profile', merged, '-o1', first, '-o2', second, ...(maps ? ['--symbolmap'] : []), ...FEATURES]);
    if (maps) {
      // Which function went where: `<index>:<name>` per line, for each part.
      fs.mkdirSync(maps, { recursive: true });
      fs.copyFileSync(`${first}.symbols`, path.join(maps, 'first.symbols'));
      fs.copyFileSync(`${second}.symbols`, path.join(maps, 'second.symbols'));
    }
    fixExports(first);
    // The loader calls the placeholders' real functions through the exported table.
    if (!interfaceOf(fs.readFileSync(first)).includes('export 1:table')) fail('the first part exports no `table` (another wasm-split?)');

    // 4. Into dist/.
    const secondBytes = fs.readFileSync(second);
    const secondName = `partlab-later-${crypto.createHash('sha256').update(secondBytes).digest('hex').slice(0, 16)}_bg.wasm`;
    fs.copyFileSync(first, path.join(dist, wasmName));
    fs.writeFileSync(path.join(dist, secondName), secondBytes);
    const glueFile = path.join(dist, glueName);
    const glue = patchGlue(fs.readFileSync(glueFile, 'utf8'), secondName);
    fs.writeFileSync(glueFile, glue);
    const sri = `sha384-${crypto.createHash('sha384').update(glue).digest('base64')}`;
    html = html.replace(new RegExp(`(href="\\./${glueName}"[^>]*?integrity=")[^"]*(")`), `$1${sri}$2`);
    if (!html.includes(sri)) fail(`no integrity attribute on the preload of ${glueName}`);
    // Low priority: over HTTP/1.1 the page has six connections, and the first part's glue,
    // snippet and wasm come first; the second part is not needed before the lab's first result.
    const preload = `<link rel="preload" href="./${secondName}" crossorigin="anonymous" as="fetch" type="application/wasm" fetchpriority="low">`;
    html = html.replace(/(<link rel="preload" href="\.\/partlab-[0-9a-f]{1,16}_bg\.wasm"[^>]*>)/, `$1${preload}`);
    html = html.replace(/^([ \t]*<meta charset[^>]*>)$/m, `$1\n    <meta name="${META}" content="${secondName}">`);
    if (!html.includes(preload) || !html.includes(`content="${secondName}"`)) fail(`could not name ${secondName} in index.html`);
    fs.writeFileSync(indexFile, html);
    const size = (b) => `${(b.length / 1024).toFixed(1)} KiB (gzip -6 ${(zlib.gzipSync(b, { level: 6 }).length / 1024).toFixed(1)} KiB)`;
    console.log(
      `split: ${wasmName} ${size(trunkWasm)} -> ${size(fs.readFileSync(first))} + ${secondName} ${size(secondBytes)} ` +
        `(${profiles.length} profiled loads)`,
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main().catch((e) => {
    console.error(`split: ${e.message}`);
    process.exit(1);
  });
}

/** Opens each PROFILED address of `site` cold and writes its profile; returns the files. */
async function profile(site, prefix) {
  const server = await startServer({ root: site });
  const browser = await launchBrowser();
  const files = [];
  try {
    // Each address opened cold, then reloaded: a returning visitor's page restores what the
    // first one saved and takes other paths; a function either load calls stays.
    for (const address of PROFILED) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addInitScript(() => {
        addEventListener('TrunkApplicationStarted', (e) => {
          window.__partlabExports = e.detail.wasm;
        });
        // At the end of the task in which the ring is drawn and the lab has its first result
        // (`#app[data-ring=drawn][data-busy=false]`: keys hashed, placement done), or a study
        // chapter is in the page: an app state, not a moment, so every build profiles the
        // same work (a window ending at a frame took in a slice of the keys' work or not,
        // depending on the machine's load).
        const done = () => {
          const app = document.getElementById('app');
          const computed = app?.getAttribute('data-ring') === 'drawn' && app?.getAttribute('data-busy') === 'false';
          return computed || document.querySelector('main[data-study], #teachers-presets') !== null;
        };
        const read = () => {
          const w = window.__partlabExports;
          const size = 1 << 20;
          const at = w.__wbindgen_malloc(size, 1);
          const len = w.__write_profile(at, size);
          window.__partlabProfile = Array.from(new Uint8Array(w.memory.buffer, at, len));
        };
        const observer = new MutationObserver(() => {
          if (window.__partlabProfile || !done()) return;
          observer.disconnect();
          read();
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ring', 'data-busy'] });
      });
      for (const reload of [false, true]) {
        if (reload) await page.reload();
        else await page.goto(`${server.url}${address}`);
        await page.waitForFunction(() => Array.isArray(window.__partlabProfile), null, { timeout: 60_000 }).catch(() => {
          fail(`the instrumented build showed no ring or study chapter at "${address}": ${errors.join('; ')}`);
        });
        const file = `${prefix}.${files.length}`;
        fs.writeFileSync(file, Buffer.from(await page.evaluate(() => window.__partlabProfile)));
        files.push(file);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return files;
}

/** The glue with the placeholders in its imports and the loader at its end. */
function patchGlue(glue, secondName) {
  const anchors = [
    ['"./partlab_bg.js": import0,', '"./partlab_bg.js": import0,\n        placeholder: secondPartPlaceholders(),'],
    ['    wasm = instance.exports;\n', '    wasm = instance.exports;\n    secondPartPrimaryReady();\n'],
  ];
  for (const [from, to] of anchors) {
    if (glue.split(from).length !== 2) fail(`the glue has not exactly one "${from.trim()}" (another wasm-bindgen?)`);
    glue = glue.replace(from, to);
  }
  return `${glue}\n${LOADER.replace('SECOND_PART', secondName)}`;
}
