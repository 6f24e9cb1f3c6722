#!/usr/bin/env python3
"""No import cycle inside any crate (a step of scripts/check-layers.sh).

For every crate's `src/`, at every level of its module tree, the child modules of a module
must form an acyclic graph, where child A depends on child B when code in A or below it names
a path into B (`crate::b::…`, `super::b`, `use super::{b, …}`). The parent's own file is not
a node: a module that declares and re-exports its children is their parent, not their peer.
Test code (`#[cfg(test)] mod …`, inline or in its own file) may import anything and is left
out, as are comments and doc links.

Usage: check-cycles.py SRC_DIR…   (prints each cycle with its edges; exit 1 if any)
"""
import os
import re
import sys
from collections import defaultdict

TEST_INLINE = re.compile(r'#\[cfg\(test\)\]\s*(?:pub(?:\([a-z]+\))?\s+)?mod\s+\w+\s*\{')
TEST_FILE = re.compile(r'#\[cfg\(test\)\]\s*(?:pub(?:\([a-z]+\))?\s+)?mod\s+(\w+)\s*;')
GROUP = re.compile(r'\b(crate|super)::\{([^}]*)\}')
PATH = re.compile(r'\b(crate|super)((?:::[A-Za-z_][A-Za-z0-9_]*)+)')


def modules_of(src):
    """{module path tuple: file} for every .rs file under src (lib.rs/main.rs is ())."""
    mods = {}
    for dirpath, _, files in os.walk(src):
        for f in files:
            if not f.endswith('.rs'):
                continue
            path = os.path.join(dirpath, f)
            rel = os.path.relpath(path, src)[:-3].split(os.sep)
            if rel[-1] == 'mod':
                rel = rel[:-1]
            if rel in (['lib'], ['main']):
                rel = []
            mods[tuple(rel)] = path
    return mods


def strip_literals(text):
    """The code with comments, string and char literals blanked (so braces and paths inside
    them do not count)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            i = n if j < 0 else j + 2
        elif c == 'r' and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == '_')):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            out.append('""')
            i = n if end < 0 else end + 1 + len(hashes)
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == '\\' else 1
            out.append('""')
            i = j + 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:i + 4]) or text.startswith("'\\u{", i):
            j = text.find("'", i + 2)
            out.append("' '")
            i = j + 1
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def code_of(path):
    """The file's code without comments, literals and inline test modules."""
    text = strip_literals(open(path, encoding='utf-8').read())
    while True:
        m = TEST_INLINE.search(text)
        if not m:
            return text
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {'{': 1, '}': -1}.get(text[i], 0)
            i += 1
        text = text[:m.start()] + text[i:]


def referenced(mod, text):
    """Module paths (tuples) the code names, relative to the crate root."""
    found = set()
    for m in GROUP.finditer(text):
        for part in m.group(2).split(','):
            head = part.strip().split('::')[0].strip()
            if head and (head[0].isalpha() or head[0] == '_') and head != 'self':
                found.add((m.group(1), head))
    for m in PATH.finditer(text):
        found.add((m.group(1), m.group(2).split('::')[1]))
    out = set()
    for base, seg in found:
        out.add((seg,) if base == 'crate' else mod[:-1] + (seg,))
    return out


def cycles(src):
    mods = modules_of(src)
    tests = set()
    for mod, path in mods.items():
        for name in TEST_FILE.findall(open(path, encoding='utf-8').read()):
            tests.add(mod + (name,))
    mods = {m: p for m, p in mods.items() if not any(m[:len(t)] == t for t in tests)}
    edges = defaultdict(set)
    for mod, path in mods.items():
        for ref in referenced(mod, code_of(path)):
            target = next((ref[:k] for k in range(len(ref), 0, -1) if ref[:k] in mods), ())
            edges[mod].add(target)
    found = []
    for parent in sorted({m[:-1] for m in mods if m}):
        kids = sorted({m[:len(parent) + 1] for m in mods
                       if len(m) > len(parent) and m[:len(parent)] == parent})
        graph = defaultdict(set)
        for a in kids:
            for src_mod, targets in edges.items():
                if src_mod[:len(a)] != a:
                    continue
                for t in targets:
                    for b in kids:
                        if b != a and t[:len(b)] == b:
                            graph[a].add(b)
        for comp in strongly_connected(kids, graph):
            found.append((parent, comp, graph))
    return found


def strongly_connected(nodes, graph):
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in nodes:
        if v not in index:
            visit(v)
    return out


def main(dirs):
    sys.setrecursionlimit(10000)
    bad = 0
    for src in dirs:
        found = cycles(src)
        for parent, comp, graph in found:
            bad += 1
            name = '::'.join(parent) or 'crate root'
            print(f'[cycles] {src}: the modules of {name} import each other in a cycle:')
            for a in comp:
                deps = sorted('::'.join(b) for b in graph[a] if b in comp)
                print(f'           {"::".join(a)} -> {", ".join(deps)}')
        if not found:
            print(f'[cycles] {src}: no import cycle')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
