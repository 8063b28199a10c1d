"""The Python package's benchmark: 1,000,000 FENs of bench/out/corpus.fen converted by
bbconv.convert from a list and from a pyarrow StringArray, beside python-chess's BaseBoard(fen)
loop, the fastest Rust-backed chess binding on PyPI that installs here (rust-chess: its
per-object Board and its BoardBatch), the command line on the same data, and a PySpark job on
local[2]. Wall times are medians of alternated runs. Prints a Markdown table and checks the
issue's targets (300x python-chess, 10x the binding, Arrow within 1.5x of the command line).

Run it with bench/python.sh (which builds what it needs), or with a Python that has the
package, numpy, pyarrow, chess and rust-chess: python bench/python.py [BBCONV_BIN]
"""

import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
import pyarrow as pa

import bbconv

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "bench", "out", "corpus.fen")
CLI = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "release", "bbconv")
RUNS = 5


def median_time(fn, runs=RUNS):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def alternate(fns, runs=RUNS):
    """Medians of `fns` run in turn, `runs` rounds."""
    times = {k: [] for k in fns}
    for _ in range(runs):
        for k, fn in fns.items():
            t = time.perf_counter()
            fn()
            times[k].append(time.perf_counter() - t)
    return {k: statistics.median(v) for k, v in times.items()}


def main():
    with open(CORPUS) as f:
        fens = f.read().splitlines()
    n = len(fens)
    assert n == 1_000_000, n
    arrow = pa.array(fens, pa.string())
    jobs = min(os.cpu_count() or 1, 8)
    rows = []

    def row(name, seconds, count=n):
        rows.append((name, seconds, count / seconds))

    # python-chess: one BaseBoard a FEN (a sample; the rate is per position).
    import chess

    sample = fens[:20_000]
    t = median_time(lambda: [chess.BaseBoard(f.split(" ", 1)[0]) for f in sample], runs=3)
    row("python-chess `BaseBoard(fen)` loop (20,000 of them)", t, len(sample))
    chess_rate = len(sample) / t

    # rust-chess: one Board a FEN, and its BoardBatch.
    import rust_chess as rc

    sample = fens[:200_000]
    t = median_time(lambda: [int(rc.Board(f).get_color_bitboard(rc.WHITE)) for f in sample], runs=3)
    row("rust-chess `Board(fen)` + white bitboard (200,000 of them)", t, len(sample))
    binding_rate = len(sample) / t
    t = median_time(lambda: rc.BoardBatch.from_fens(sample).get_color_bitboard(rc.WHITE), runs=3)
    row("rust-chess `BoardBatch.from_fens` + white bitboards (200,000)", t, len(sample))
    binding_rate = max(binding_rate, len(sample) / t)

    # bbconv from a list, and from Arrow, beside the command line.
    with tempfile.NamedTemporaryFile("wb", suffix=".fen") as tmp:
        tmp.write(("\n".join(fens) + "\n").encode())
        tmp.flush()

        def cli():
            with open(tmp.name, "rb") as src, open(os.devnull, "wb") as dst:
                subprocess.run(
                    [CLI, "convert", "-f", "fen", "-t", "packed-bin", "--jobs", str(jobs)],
                    stdin=src, stdout=dst, check=True,
                )

        times = alternate(
            {
                "list packed": lambda: bbconv.convert(fens, to="packed"),
                "list planes": lambda: bbconv.convert(fens, to="planes"),
                "arrow packed": lambda: bbconv.convert(arrow, to="packed", jobs=jobs),
                "cli": cli,
            }
        )
    row(f"bbconv `convert(list, to=\"packed\")` (jobs={jobs})", times["list packed"])
    row(f"bbconv `convert(list, to=\"planes\")` (jobs={jobs})", times["list planes"])
    row(f"bbconv `convert(pa.StringArray, to=\"packed\", jobs={jobs})`", times["arrow packed"])
    row(f"command line `-f fen -t packed-bin --jobs {jobs}` (file to /dev/null)", times["cli"])

    spark = spark_rate(fens)
    if spark is not None:
        row("PySpark `mapInArrow` on local[2], Parquet to Parquet", spark, n)

    print(f"Measured {time.strftime('%Y-%m-%d')} on {cpu()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, 1,000,000 FENs of bench/out/corpus.fen.\n")
    print("| run | seconds | positions a second |")
    print("|---|---:|---:|")
    for name, s, rate in rows:
        print(f"| {name} | {s:.3f} | {rate:,.0f} |")
    list_rate = n / max(times["list packed"], times["list planes"])
    arrow_vs_cli = times["arrow packed"] / times["cli"]
    checks = [
        ("list -> packed and planes, times python-chess's rate (at least 300)", list_rate / chess_rate, list_rate / chess_rate >= 300),
        ("list -> packed and planes, times the fastest binding's rate (at least 10)", list_rate / binding_rate, list_rate / binding_rate >= 10),
        ("Arrow -> packed, time over the command line's (at most 1.5)", arrow_vs_cli, arrow_vs_cli <= 1.5),
    ]
    print()
    ok = True
    for name, ratio, good in checks:
        ok &= good
        print(f"- {name}: {ratio:.2f} ({'met' if good else 'NOT met'})")
    return 0 if ok else 1


def cpu():
    """The processor's model name (Linux), else the machine's architecture."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def spark_rate(fens):
    """Seconds of the README's PySpark job on 1,000,000 FENs (session start-up excluded)."""
    try:
        import pyarrow.parquet as pq
        from pyspark.sql import SparkSession
    except ImportError:
        return None
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    os.environ["PYSPARK_PYTHON"] = sys.executable
    spark = (
        SparkSession.builder.master("local[2]")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")

    def to_packed(batches):
        for b in batches:
            packed = bbconv.convert(b.column("fen"), to="packed", jobs=1)
            yield pa.RecordBatch.from_arrays(
                [b.column("id"), packed.cast(pa.binary())], names=["id", "packed"]
            )

    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "fens.parquet")
        pq.write_table(pa.table({"id": np.arange(len(fens)), "fen": fens}), src, row_group_size=250_000)
        k = [0]

        def job():
            k[0] += 1
            spark.read.parquet(src).mapInArrow(to_packed, "id long, packed binary").write.parquet(
                os.path.join(d, f"out{k[0]}")
            )

        job()  # warm-up: the JVM's first job
        t = median_time(job, runs=3)
    spark.stop()
    return t


if __name__ == "__main__":
    sys.exit(main())
