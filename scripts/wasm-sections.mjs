// A minimal reader of a wasm module's sections, for the build (scripts/split.mjs) and the
// tests that look inside the built wasm (tests/e2e/perf.test.mjs). Plain Node.js, no
// dependency; it reads what those need and nothing more.

/** The unsigned LEB128 number at `at`: [value, the offset after it]. */
export function uleb(buf, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = buf[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [value, at];
  }
}

/** Each section after the header: { id, start (of its contents), end }. */
export function* sections(buf) {
  let at = 8; // magic and version
  while (at < buf.length) {
    const id = buf[at];
    const [size, start] = uleb(buf, at + 1);
    yield { id, start, end: start + size };
    at = start + size;
  }
}

/** The name (a length and UTF-8 bytes) at `at`: [name, the offset after it]. */
const readName = (buf, at) => {
  const [len, start] = uleb(buf, at);
  return [buf.toString('utf8', start, start + len), start + len];
};

/** Skips a table's or memory's limits. */
function skipLimits(buf, at) {
  const flags = buf[at++];
  [, at] = uleb(buf, at);
  if (flags & 1) [, at] = uleb(buf, at);
  return at;
}

/** The entries of every section `id` (a count, then entries): `read(at)` gives [entry, next]. */
function entriesOf(buf, id, read) {
  const entries = [];
  for (const s of sections(buf)) {
    if (s.id !== id) continue;
    let [count, at] = uleb(buf, s.start);
    for (let i = 0; i < count; i++) {
      let entry;
      [entry, at] = read(at);
      entries.push(entry);
    }
  }
  return entries;
}

/** The import section's entries: { module, field, kind, elementType (tables) }. */
export const importsOf = (buf) =>
  entriesOf(buf, 2, (at) => {
    const entry = {};
    [entry.module, at] = readName(buf, at);
    [entry.field, at] = readName(buf, at);
    entry.kind = buf[at++];
    if (entry.kind === 0) [, at] = uleb(buf, at);
    else if (entry.kind === 1) {
      entry.elementType = buf[at++];
      at = skipLimits(buf, at);
    } else if (entry.kind === 2) at = skipLimits(buf, at);
    else if (entry.kind === 3) at += 2;
    else throw new Error(`unknown import kind ${entry.kind}`);
    return [entry, at];
  });

/** The table section's element types (0x70 funcref, 0x6f externref), imported tables not included. */
export const tablesOf = (buf) =>
  entriesOf(buf, 4, (at) => {
    const elementType = buf[at];
    return [elementType, skipLimits(buf, at + 1)];
  });

/** The export section's entries: { name, kind, index, indexAt (its offset), indexBytes }. */
export const exportsOf = (buf) =>
  entriesOf(buf, 7, (at) => {
    const entry = {};
    [entry.name, at] = readName(buf, at);
    entry.kind = buf[at++];
    entry.indexAt = at;
    [entry.index, at] = uleb(buf, at);
    entry.indexBytes = at - entry.indexAt;
    return [entry, at];
  });

/** The byte size of each function body in the code section. */
export const codeBodySizes = (buf) =>
  entriesOf(buf, 10, (at) => {
    const [size, body] = uleb(buf, at);
    return [size, body + size];
  });
