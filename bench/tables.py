#!/usr/bin/env python3
"""What a table costs over its bare boards: a 1,000,000-row `id<TAB>fen<TAB>eval` table made
from the corpus (and the same table as CSV, as Python's csv module writes it with LF line ends,
and as CSV whose every field is quoted, as `csv.QUOTE_ALL`, R's `write.csv` and Excel write it),
converted `--tsv --column 2 -f fen -t packed` (`--csv` for the CSVs) against `-f fen -t packed`
on the bare FENs. Instructions a row under callgrind on the first 10,000 rows, one thread
(`--jobs 1`), start-up (an empty input) subtracted; limits: 300 more a row for TSV, 1,000 for
CSV, quoted or not. Wall times: medians of 5 runs of the whole 1M-row files, in alternation,
default `--jobs`.

Usage: python3 bench/tables.py BBCONV CORPUS OUT_DIR
Prints Markdown tables.
"""
import csv
import os
import re
import statistics
import subprocess
import sys
import time

BB, CORPUS, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
N = 10_000


def make_tables():
    """The 1M-row TSV, CSV and quoted CSV tables and their first 10,000 rows (made once)."""
    tsv, csv_path = os.path.join(OUT, "table1m.tsv"), os.path.join(OUT, "table1m.csv")
    quoted = os.path.join(OUT, "table1m-quoted.csv")
    if not all(os.path.exists(p) for p in (tsv, csv_path, quoted)):
        with open(CORPUS) as src, open(tsv, "w", newline="") as t, open(csv_path, "w", newline="") as c, \
                open(quoted, "w", newline="") as q:
            w = csv.writer(c, lineterminator="\n")
            wq = csv.writer(q, lineterminator="\n", quoting=csv.QUOTE_ALL)
            for writer in (w, wq):
                writer.writerow(["id", "fen", "eval"])
            t.write("id\tfen\teval\n")
            for k, line in enumerate(src):
                fen = line.rstrip("\n")
                ev = f"{(k * 37 % 2001 - 1000) / 100:.2f}"
                t.write(f"{k + 1}\t{fen}\t{ev}\n")
                w.writerow([k + 1, fen, ev])
                wq.writerow([k + 1, fen, ev])
    samples = {}
    for key, path in (("tsv", tsv), ("csv", csv_path), ("quoted", quoted)):
        sample = os.path.join(OUT, f"table10k.{key}")
        with open(path) as f, open(sample, "w", newline="") as s:
            f.readline()  # the header: the bare sample has none either
            for _ in range(N):
                s.write(f.readline())
        samples[key] = sample
    bare = os.path.join(OUT, "table10k.fen")
    with open(CORPUS) as f, open(bare, "w") as s:
        for _ in range(N):
            s.write(f.readline())
    samples["fen"] = bare
    return tsv, csv_path, quoted, samples


def callgrind(args, stdin_path):
    log = os.path.join(OUT, "callgrind-tables.log")
    with open(stdin_path, "rb") as i, open(os.devnull, "wb") as o, open(log, "w") as e:
        subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", BB, "convert",
                        "--jobs", "1", *args], stdin=i, stdout=o, stderr=e, check=True)
    return int(re.search(r"Collected : (\d+)", open(log).read()).group(1))


def per_row(args, path):
    empty = os.path.join(OUT, "empty.fen")
    open(empty, "wb").close()
    return (callgrind(args, path) - callgrind(args, empty)) / N


def timed(cmd, path):
    with open(path, "rb") as i:
        t = time.perf_counter()
        subprocess.run(cmd, stdin=i, stdout=subprocess.DEVNULL, check=True)
        return time.perf_counter() - t


def main():
    tsv, csv_path, quoted, samples = make_tables()
    bare = per_row(["-f", "fen", "-t", "packed"], samples["fen"])
    print("| job (10,000 rows, `--jobs 1`) | instructions a row | over bare FEN | limit | holds |")
    print("|---|---|---|---|---|")
    print(f"| `-f fen -t packed` on the bare FENs | {bare:,.0f} | | | |")
    for key, flag, limit in (("tsv", "--tsv", 300), ("csv", "--csv", 1000), ("quoted", "--csv", 1000)):
        cost = per_row([flag, "--column", "2", "-f", "fen", "-t", "packed"], samples[key])
        over = cost - bare
        what = " (every field quoted)" if key == "quoted" else ""
        print(f"| `{flag} --column 2 -f fen -t packed`{what} | {cost:,.0f} | +{over:,.0f} | +{limit:,} | "
              f"{'yes' if over <= limit else '**no**'} |")
    bare_1m = os.path.join(OUT, "table1m.fen")
    if not os.path.exists(bare_1m):
        with open(CORPUS, "rb") as f, open(bare_1m, "wb") as b:
            b.write(f.read())
    cmds = {
        "bare": ([BB, "convert", "-f", "fen", "-t", "packed"], bare_1m),
        "tsv": ([BB, "convert", "--tsv", "--header", "--column", "2", "-f", "fen", "-t", "packed"], tsv),
        "csv": ([BB, "convert", "--csv", "--header", "--column", "2", "-f", "fen", "-t", "packed"], csv_path),
        "quoted": ([BB, "convert", "--csv", "--header", "--column", "2", "-f", "fen", "-t", "packed"], quoted),
    }
    times = {k: [] for k in cmds}
    for _ in range(5):
        for k, (cmd, path) in cmds.items():
            times[k].append(timed(cmd, path))
    med = {k: statistics.median(v) for k, v in times.items()}
    print()
    print("| job (1,000,000 rows, default `--jobs`) | median of 5 | rows a second |")
    print("|---|---|---|")
    for k, label in (("bare", "`-f fen -t packed`, bare FENs"),
                     ("tsv", "`--tsv --header --column 2 -f fen -t packed`"),
                     ("csv", "`--csv --header --column 2 -f fen -t packed`"),
                     ("quoted", "`--csv --header --column 2 -f fen -t packed`, every field quoted")):
        print(f"| {label} | {med[k]:.3f} s | {1e6 / med[k] / 1e6:.2f} M |")


if __name__ == "__main__":
    main()
