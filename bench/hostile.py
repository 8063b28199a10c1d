#!/usr/bin/env python3
"""Hostile records (issue 12): times every parser on 1 MiB and 2 MiB adversarial records.

Usage: python3 bench/hostile.py BBCONV [--quick]

Prints a Markdown table: the seconds for the 1 MiB and 2 MiB record of each kind and their
ratio (about 2 for linear growth, about 4 for quadratic). Each run gets --max-line 8M so the
record is read whole (show: half sizes, under its 1 MiB limit); the parser's verdict (converted or a one-line error) does not matter.
"""
import os
import subprocess
import sys
import tempfile
import time

MIB = 1 << 20
TIMEOUT = float(os.environ.get("HOSTILE_TIMEOUT", "120"))
REPEAT = int(os.environ.get("HOSTILE_REPEAT", "3"))


def fill(unit, n):
    """`unit` repeated up to n bytes."""
    return (unit * (n // len(unit) + 1))[:n]


def kinds():
    """(name, arguments, record builder of about n bytes)."""
    return [
        ("fen: ranks 1/1/1/...", ["convert", "-f", "fen", "-t", "packed"], lambda n: fill("1/", n).rstrip("/")),
        ("fen: one long rank", ["convert", "-f", "fen", "-t", "packed"], lambda n: fill("p", n)),
        ("fen: one digit run", ["convert", "-f", "fen", "-t", "packed"], lambda n: fill("9", n)),
        ("fen: holdings", ["convert", "-f", "fen", "-t", "fen"], lambda n: "8/8/8/8/8/8/8/8[" + fill("p", n) + "]"),
        ("fen: other fields", ["convert", "-f", "fen", "-t", "fen"], lambda n: "8/8/8/8/8/8/8/8 " + fill("w ", n)),
        ("auto: ranks 1/1/1/...", ["convert", "-t", "packed"], lambda n: fill("1/", n).rstrip("/")),
        ("json: \"fen\" ranks", ["convert", "-f", "json", "-t", "packed"], lambda n: '{"fen":"' + fill("1/", n).rstrip("/") + '"}'),
        # show reads records of up to 1 MiB (its fixed limit): half sizes.
        ("show: ranks 1/1/1/... (1/2 size)", ["show", "-f", "fen"], lambda n: fill("1/", n // 2).rstrip("/")),
        ("json: open [ and short lines", ["convert", "-f", "json", "-t", "hex"], lambda n: "[" + fill("\n1", n)),
        ("json: open { and short lines", ["convert", "-f", "json", "-t", "hex"], lambda n: '{"a":[' + fill('\n"b",', n)),
        ("json: nesting [[[[", ["convert", "-f", "json", "-t", "hex"], lambda n: fill("[", n)),
        ("json: many values a line", ["convert", "-f", "json", "-t", "hex"], lambda n: fill("1 ", n)),
        ("json: long string", ["convert", "-f", "json", "-t", "hex"], lambda n: '"' + fill("0", n) + '"'),
        ("base3: digits", ["convert", "-f", "base3", "-t", "trits"], lambda n: fill("1", n)),
        ("base3: leading zeros", ["convert", "-f", "base3", "-t", "trits"], lambda n: fill("0", n) + "1"),
        ("int: decimal digits", ["convert", "-f", "int", "-t", "hex"], lambda n: fill("7", n)),
        ("int: hex digits", ["convert", "-f", "hex", "-t", "hex"], lambda n: "0x" + fill("f", n)),
        ("int: negative decimal", ["convert", "-f", "dec", "-t", "hex"], lambda n: "-" + fill("9", n)),
        ("pair: long first", ["convert", "-f", "pair", "-t", "packed"], lambda n: "0x" + fill("0", n) + " 0x1"),
        ("trits: digits", ["convert", "-f", "trits", "-t", "packed"], lambda n: fill("1", n)),
        ("packed: digits", ["convert", "-f", "packed", "-t", "trits"], lambda n: fill("0", n)),
        ("rows: groups", ["convert", "-f", "rows", "-t", "hex"], lambda n: fill("0/", n).rstrip("/")),
        ("squares: names", ["convert", "-f", "squares", "-t", "hex"], lambda n: fill("a1 ", n)),
        ("squares: two sides", ["convert", "-f", "squares", "-t", "pair"], lambda n: "first: " + fill("a1 ", n) + "; second: h8"),
        ("indices: numbers", ["convert", "-f", "indices", "-t", "hex"], lambda n: fill("0 ", n)),
        ("coords: pairs", ["convert", "-f", "coords", "-t", "hex"], lambda n: fill("(0,0) ", n)),
        ("pieces: letters", ["convert", "-f", "pieces", "-t", "fen"], lambda n: fill("P:0x1 ", n)),
        ("edax: squares", ["convert", "-f", "edax", "-t", "packed"], lambda n: fill("-", n)),
        ("grid: one long row", ["convert", "-f", "grid", "-t", "hex"], lambda n: fill(". ", n)),
        ("grid: many rows", ["convert", "-f", "grid", "-t", "hex"], lambda n: fill(".\n", n)),
        ("auto: long token", ["convert", "-t", "hex"], lambda n: fill("x", n)),
    ]


def run(bbconv, args, record):
    with tempfile.NamedTemporaryFile("w", delete=False) as f:
        f.write(record + "\n")
        path = f.name
    try:
        t = time.perf_counter()
        with open(path, "rb") as stdin:
            limit = ["--max-line", "8M"] if args[0] == "convert" else []
            subprocess.run([bbconv, *args, *limit, "-"], stdin=stdin,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=TIMEOUT)
        return time.perf_counter() - t
    except subprocess.TimeoutExpired:
        return float("inf")
    finally:
        os.unlink(path)


def main():
    bbconv = sys.argv[1]
    print("| record (adversarial) | 1 MiB (s) | 2 MiB (s) | ratio |")
    print("|---|---|---|---|")
    worst = 0.0
    for name, args, build in kinds():
        a = min(run(bbconv, args, build(MIB)) for _ in range(REPEAT))
        b = min(run(bbconv, args, build(2 * MIB)) for _ in range(REPEAT))
        ratio = b / a if a > 0 else float("nan")
        worst = max(worst, b)
        print(f"| {name} | {a:.3f} | {b:.3f} | {ratio:.1f} |", flush=True)
    print(f"\nslowest 2 MiB record: {worst:.3f} s")


if __name__ == "__main__":
    main()
