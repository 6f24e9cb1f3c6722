// A tiny static file server for the built site (dist/), for the end-to-end tests and for
// looking at the release build by hand. Plain Node.js, no dependency.
//
// - Serves one directory under a URL prefix (default "/"; e.g. "/partlab/", as GitHub Pages
//   serves a project site), and answers 404 everywhere else (outside the prefix, missing
//   files, dot-files, anything that would leave the directory). "/partlab" redirects to
//   "/partlab/", a directory serves its index.html.
// - MIME types for everything a Trunk build contains (application/wasm for .wasm, so
//   WebAssembly.instantiateStreaming works).
// - Optionally sends the strict Content-Security-Policy header (CSP_HEADER: the policy that
//   scripts/csp.mjs writes into dist/index.html as a <meta>). The header is what a
//   server that can set headers would send; GitHub Pages cannot, hence the meta.
// - Optionally compresses what compresses (HTML, JS, CSS, wasm, JSON, SVG, text) with gzip
//   for a client that accepts it, as GitHub Pages does: the benchmark's loads over an
//   emulated mobile network count the bytes a visitor really receives.
// - Listens on 127.0.0.1 only, on a free port by default; close() ends open connections.
//
// Library: `const server = await startServer({ root, prefix, csp, gzip })` → { url, origin,
//   port, prefix, requests, close }. `requests` lists { method, path, status } of every request.
// Command line: node tests/e2e/server.mjs [--root DIR] [--prefix /partlab/] [--csp] [--gzip] [--port N]
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { POLICY } from '../../scripts/csp.mjs';
import { ASSET_TYPES } from '../../scripts/mime.mjs';

/**
 * The policy of the served build, the one scripts/csp.mjs writes into dist/index.html as a
 * <meta> (one definition, imported from there): `default-src 'self'; script-src 'self'
 * 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; …`. No 'unsafe-inline', no
 * frame-ancestors (the lab is embedded in iframes).
 */
export const CSP_HEADER = POLICY;

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  ...ASSET_TYPES,
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The types `gzip` compresses (images and fonts are compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(wasm|json|manifest\+json)|image\/svg\+xml)/;

function normalisePrefix(prefix) {
  let p = prefix ?? '/';
  if (!p.startsWith('/')) p = `/${p}`;
  if (!p.endsWith('/')) p = `${p}/`;
  return p;
}

/**
 * Starts the server.
 * @param {{root: string, prefix?: string, csp?: boolean | string, gzip?: boolean, port?: number, headers?: Record<string, string>}} options
 *   `csp`: true sends CSP_HEADER, a string sends that policy instead. `gzip`: compress
 *   (level 6, each file once) for a client whose Accept-Encoding names gzip.
 * @returns {Promise<{url: string, origin: string, port: number, prefix: string,
 *   requests: {method: string, path: string, status: number}[], close: () => Promise<void>}>}
 */
export async function startServer({ root, prefix = '/', csp = false, gzip = false, port = 0, headers = {} } = {}) {
  const dir = path.resolve(root);
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`${dir} is not a directory`);
  const base = normalisePrefix(prefix);
  const policy = csp === true ? CSP_HEADER : csp || null;
  const requests = [];
  const sockets = new Set();
  /** Compressed bodies by file path and modification time (compressed once each, not per load). */
  const compressed = new Map();

  const server = http.createServer((req, res) => {
    const send = (status, type, body, extra = {}) => {
      requests.push({ method: req.method, path: req.url, status });
      const h = { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers, ...extra };
      if (policy) h['Content-Security-Policy'] = policy;
      if (body !== null) h['Content-Length'] = Buffer.byteLength(body);
      res.writeHead(status, h);
      if (req.method === 'HEAD' || body === null) res.end();
      else res.end(body);
    };
    const notFound = () => send(404, 'text/plain; charset=utf-8', 'not found\n');

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(405, 'text/plain; charset=utf-8', 'method not allowed\n', { Allow: 'GET, HEAD' });
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      send(400, 'text/plain; charset=utf-8', 'bad request\n');
      return;
    }
    if (pathname === base.slice(0, -1) && base !== '/') {
      send(301, 'text/plain; charset=utf-8', 'moved\n', { Location: base });
      return;
    }
    if (!pathname.startsWith(base) || pathname.includes('\0')) return notFound();
    const rel = pathname.slice(base.length);
    if (rel.split('/').some((part) => part.startsWith('.'))) return notFound();
    let file = path.resolve(dir, rel);
    if (file !== dir && !file.startsWith(dir + path.sep)) return notFound();
    let stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat?.isDirectory()) {
      if (!pathname.endsWith('/')) {
        send(301, 'text/plain; charset=utf-8', 'moved\n', { Location: `${pathname}/` });
        return;
      }
      file = path.join(file, 'index.html');
      stat = fs.statSync(file, { throwIfNoEntry: false });
    }
    if (!stat?.isFile()) return notFound();
    const type = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const accepts = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    if (gzip && accepts && COMPRESSIBLE.test(type)) {
      const key = `${file}@${stat.mtimeMs}`;
      if (!compressed.has(key)) compressed.set(key, zlib.gzipSync(fs.readFileSync(file), { level: 6 }));
      send(200, type, compressed.get(key), { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
      return;
    }
    send(200, type, fs.readFileSync(file));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = server.address().port;
  const origin = `http://127.0.0.1:${actualPort}`;
  let closing;
  return {
    url: `${origin}${base}`,
    origin,
    port: actualPort,
    prefix: base,
    requests,
    close: () => {
      closing ??= new Promise((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      return closing;
    },
  };
}

// --- command line ----------------------------------------------------------------------------
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const opts = { root: path.resolve(here, '..', '..', 'dist'), prefix: '/', csp: false, gzip: false, port: 0 };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = () => {
      if (i + 1 >= args.length) {
        console.error(`server: ${a} needs a value`);
        process.exit(2);
      }
      return args[++i];
    };
    if (a === '--root') opts.root = value();
    else if (a === '--prefix') opts.prefix = value();
    else if (a === '--port') opts.port = Number(value());
    else if (a === '--csp') opts.csp = true;
    else if (a === '--gzip') opts.gzip = true;
    else {
      console.error('usage: node tests/e2e/server.mjs [--root DIR] [--prefix /partlab/] [--csp] [--gzip] [--port N]');
      process.exit(2);
    }
  }
  const server = await startServer(opts);
  console.log(`serving ${opts.root} at ${server.url}${opts.csp ? ' (with the CSP header)' : ''}${opts.gzip ? ' (gzip)' : ''}; Ctrl-C stops`);
  const stop = () => server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
