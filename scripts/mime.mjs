// Media types of the images and fonts a build may contain, by file extension: one table for the
// test server (tests/e2e/server.mjs, the Content-Type it answers with) and the single file
// (scripts/standalone.mjs, the type of each data: URL it inlines into the stylesheets).
// Plain Node.js, no dependencies.

/** Images and fonts: binary types, which carry no charset. */
export const ASSET_TYPES = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
};
