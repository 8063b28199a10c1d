#!/usr/bin/env python3
"""The shape of the sources: every function longer than 80 lines and every file longer than 800
lines, outside tests (in-file `#[cfg(test)]` items and `tests/` folders are not counted).

Usage: python3 scripts/shape.py [--max-fn 80] [--max-file 800] [--top N] [ROOT...]
Prints the offenders, longest first, and exits 1 when there is one (CI runs it). ROOT defaults to
the product sources: src/ and crates/*/src/.
"""

import argparse
import pathlib
import re
import sys

FN = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:(?:const|async|unsafe|extern\s+\"[^\"]*\")\s+)*fn\s+(\w+)")
CFG_TEST = re.compile(r"^\s*#\[cfg\((?:all\()?test")


def code_only(text):
    """The text with comments, strings and char literals blanked (newlines kept), so that the
    braces left are the code's."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif (m := re.compile(r'b?r(#*)"').match(text, i)) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            end = '"' + m.group(1)
            j = text.find(end, m.end())
            j = n if j < 0 else j + len(end)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "'" and (m := re.compile(r"'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|.)|[^\\'\n])'").match(text, i)):
            out.append(" " * (m.end() - i))
            i = m.end()
        else:
            out.append(c)
            i += 1
    return "".join(out)


def block_end(lines, start):
    """The index of the line that closes the first brace opened at or after line `start`."""
    depth, opened = 0, False
    for k in range(start, len(lines)):
        for ch in lines[k]:
            if ch == "{":
                depth, opened = depth + 1, True
            elif ch == "}":
                depth -= 1
                if opened and depth == 0:
                    return k
            elif ch == ";" and not opened and depth == 0:
                return k  # a declaration without a body
    return len(lines) - 1


def measure(path):
    """(lines outside tests, [(name, first line, length)] of the functions outside tests)."""
    lines = code_only(path.read_text(encoding="utf-8")).split("\n")
    test_lines, fns = set(), []
    k = 0
    while k < len(lines):
        if CFG_TEST.match(lines[k]):
            end = block_end(lines, k + 1)
            test_lines.update(range(k, end + 1))
            k = end + 1
            continue
        k += 1
    for k, line in enumerate(lines):
        if k in test_lines:
            continue
        m = FN.match(line)
        if m:
            end = block_end(lines, k)
            fns.append((m.group(1), k + 1, end - k + 1))
    return len(lines) - len(test_lines), fns


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--max-fn", type=int, default=80)
    ap.add_argument("--max-file", type=int, default=800)
    ap.add_argument("roots", nargs="*")
    args = ap.parse_args()
    here = pathlib.Path(__file__).resolve().parent.parent
    roots = [pathlib.Path(r) for r in args.roots] or [here / "src", *sorted(here.glob("crates/*/src"))]
    long_files, long_fns = [], []
    for root in roots:
        for path in sorted(root.rglob("*.rs")):
            if "tests" in path.relative_to(root).parts:
                continue
            size, fns = measure(path)
            rel = path.relative_to(here) if path.is_relative_to(here) else path
            if size > args.max_file:
                long_files.append((size, str(rel)))
            long_fns += [(n, f"{rel}:{line}", name) for name, line, n in fns if n > args.max_fn]
    for size, rel in sorted(long_files, reverse=True):
        print(f"file {rel}: {size} lines (at most {args.max_file})")
    for n, where, name in sorted(long_fns, reverse=True):
        print(f"fn {name} at {where}: {n} lines (at most {args.max_fn})")
    if long_files or long_fns:
        print(f"{len(long_files)} files and {len(long_fns)} functions too long", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
