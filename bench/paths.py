#!/usr/bin/env python3
"""Instructions per line on every path of issue 11, under callgrind: 10,000 lines (start-up,
measured on an empty input, subtracted), on one thread (`--jobs 1`): the conversion's own cost.
The default's worker threads add a hand-over a chunk, and callgrind, which runs threads one at a
time, would count their waits as work. 8x8 inputs are derived from the FEN corpus sample by
bbconv itself; 19x19 boards are random (fixed seed).

Usage: python3 bench/paths.py BBCONV OUT_DIR [--portable]
Prints a Markdown table with each path's limit and whether it holds.
"""
import os
import random
import re
import subprocess
import sys

BB, OUT = sys.argv[1], sys.argv[2]
PORTABLE = "--portable" in sys.argv
SAMPLE = os.path.join(OUT, "sample10k.fen")
N = 10_000

# (label, input file key, arguments, limit in instructions a line)
PATHS = [
    ("-f fen -t packed", "fen", ["-f", "fen", "-t", "packed"], 450),
    ("-f fen -t pair", "fen", ["-f", "fen", "-t", "pair"], 450),
    ("-t packed (default -f auto)", "fen", ["-t", "packed"], 500),
    ("-f fen -t fen", "fen", ["-f", "fen", "-t", "fen"], 800),
    ("-f fen -t pieces", "fen", ["-f", "fen", "-t", "pieces"], 1000),
    ("-f fen -t json", "fen", ["-f", "fen", "-t", "json"], 1500),
    ("-f fen -t grid", "fen", ["-f", "fen", "-t", "grid"], 1500),
    ("-f packed -t pair", "packed", ["-f", "packed", "-t", "pair"], 500),
    ("-f packed -t fen", "packed", ["-f", "packed", "-t", "fen"], 700),
    ("-f pair -t packed", "pair", ["-f", "pair", "-t", "packed"], 500),
    ("-f trits -t packed", "trits", ["-f", "trits", "-t", "packed"], 500),
    ("-f hex -t squares", "hex", ["-f", "hex", "-t", "squares"], 700),
    ("-f squares -t hex", "squares", ["-f", "squares", "-t", "hex"], 700),
    ("-f json -t packed", "json", ["-f", "json", "-t", "packed"], 1500),
    ("19x19 -f trits -t packed", "trits19", ["-s", "19x19", "-f", "trits", "-t", "packed"], 2500),
    ("19x19 -f packed -t trits", "packed19", ["-s", "19x19", "-f", "packed", "-t", "trits"], 2500),
    ("19x19 -f trits -t grid", "trits19", ["-s", "19x19", "-f", "trits", "-t", "grid"], 6000),
]

if PORTABLE:
    PATHS = [("portable: -f fen -t packed", "fen", ["-f", "fen", "-t", "packed"], 900)]


def derive(key):
    """The 10,000-line input of `key`, made once."""
    path = os.path.join(OUT, f"sample10k.{key}")
    if os.path.exists(path) and key != "fen":
        return path
    if key == "fen":
        return SAMPLE
    if key == "trits19":
        rnd = random.Random(19)
        with open(path, "w") as f:
            for _ in range(N):
                f.write("".join(rnd.choice("0012") for _ in range(361)) + "\n")
        return path
    src, args = {
        "packed": (SAMPLE, ["-f", "fen", "-t", "packed"]),
        "pair": (SAMPLE, ["-f", "fen", "-t", "pair"]),
        "trits": (SAMPLE, ["-f", "fen", "-t", "trits"]),
        "hex": (SAMPLE, ["-f", "fen", "-t", "hex", "--layer", "occupied"]),
        "squares": (SAMPLE, ["-f", "fen", "-t", "squares", "--layer", "occupied"]),
        "json": (SAMPLE, ["-f", "fen", "-t", "json"]),
        "packed19": (derive("trits19"), ["-s", "19x19", "-f", "trits", "-t", "packed"]),
    }[key]
    with open(src, "rb") as i, open(path, "wb") as o:
        subprocess.run([BB, "convert", *args], stdin=i, stdout=o, check=True)
    return path


def callgrind(args, stdin_path):
    log = os.path.join(OUT, "callgrind-paths.log")
    env = dict(os.environ)
    if PORTABLE:
        env["BBCONV_PORTABLE"] = "1"
    with open(stdin_path, "rb") as i, open(os.devnull, "wb") as o, open(log, "w") as e:
        subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", BB, "convert", "--jobs", "1", *args],
                       stdin=i, stdout=o, stderr=e, check=True, env=env)
    return int(re.search(r"Collected : (\d+)", open(log).read()).group(1))


def main():
    empty = os.path.join(OUT, "empty.fen")
    open(empty, "wb").close()
    print("| path (8x8 unless named) | instructions a line | limit | holds |")
    print("|---|---|---|---|")
    held = 0
    for label, key, args, limit in PATHS:
        full = callgrind(args, derive(key))
        base = callgrind(args, empty)
        per = (full - base) / N
        ok = per <= limit
        held += ok
        print(f"| `{label}` | {per:,.0f} | {limit:,} | {'yes' if ok else '**no**'} |", flush=True)
    print(f"\n{held} of {len(PATHS)} paths within their limits")


if __name__ == "__main__":
    main()
