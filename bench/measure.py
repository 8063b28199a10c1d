#!/usr/bin/env python3
"""Measures bbconv against the shakmaty reference converter (called by bench/run.sh)."""
import datetime
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out")
BB = os.path.join(ROOT, "target", "release", "bbconv")
SM = os.path.join(ROOT, "bench", "target", "release", "shakmaty-convert")
CORPUS = os.path.join(OUT, "corpus.fen")


def timed(cmd, stdin_path, stdout_path=os.devnull):
    with open(stdin_path, "rb") as i, open(stdout_path, "wb") as o:
        t = time.perf_counter()
        subprocess.run(cmd, stdin=i, stdout=o, check=True)
        return time.perf_counter() - t


def medians(cmds, stdin_path, runs=15):
    """Medians of commands timed in alternation, so that a slow spell of the machine falls on
    all alike."""
    times = [[] for _ in cmds]
    for _ in range(runs):
        for cmd, t in zip(cmds, times):
            t.append(timed(cmd, stdin_path))
    return tuple(statistics.median(t) for t in times)


def paired_medians(cmd_a, cmd_b, stdin_path, runs=15):
    """Medians of two commands timed in alternation."""
    return medians([cmd_a, cmd_b], stdin_path, runs)


def peak_rss_kib(cmd, stdin_path, allow_fail=False):
    # GNU time reports the child's own peak (a Python fork would count the interpreter's pages).
    if os.path.exists("/usr/bin/time"):
        report = os.path.join(OUT, "time.txt")
        with open(stdin_path, "rb") as i:
            subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report] + cmd, stdin=i, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=not allow_fail)
        return int(open(report).read().strip().splitlines()[-1])
    code = (
        "import resource,subprocess,sys;"
        "subprocess.run(sys.argv[2:],stdin=open(sys.argv[1],'rb'),stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL);"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run([sys.executable, "-c", code, stdin_path] + cmd, capture_output=True, text=True,
                         check=not allow_fail)
    return int(out.stdout.strip())


def memory_rows():
    """Issue 12's bound: peak RSS under 8 MiB a worker (--jobs 1 counts one) plus 3 times the
    longest line, whatever the share of bad records, measured with GNU time."""
    bad = os.path.join(OUT, "bad3m.txt")
    if not os.path.exists(bad):
        with open(bad, "wb") as f:
            f.write(b"zzzz not a board\n" * 3_000_000)
    mixed = os.path.join(OUT, "mixed.txt")
    if not os.path.exists(mixed):
        with open(CORPUS, "rb") as c, open(mixed, "wb") as f:
            for k, line in enumerate(c):
                f.write(line if k % 2 else b"not a board\n")
                if k >= 2_000_000:
                    break
    huge = os.path.join(OUT, "huge-line.fen")
    if not os.path.exists(huge):
        with open(huge, "wb") as f:
            f.write(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w " + b"K" * 100_000_000 + b"\n")
    rows = []
    cases = [
        ("3 M bad lines (17 bytes)", bad, 17, ["-f", "hex", "-t", "packed"]),
        ("1 M good + 1 M bad lines", mixed, 80, ["-f", "fen", "-t", "packed"]),
        ("one 100 MB FEN line, `--max-line 200M`, to packed", huge, 100_000_060, ["-f", "fen", "-t", "packed", "--max-line", "200M"]),
        ("one 100 MB FEN line, `--max-line 200M`, to fen", huge, 100_000_060, ["-f", "fen", "-t", "fen", "--max-line", "200M"]),
    ]
    for name, path, longest, args in cases:
        for jobs in (1, 2, 4):
            for errors in ("skip", "report"):
                if longest > 1000 and errors == "skip":
                    continue
                kib = peak_rss_kib([BB, "convert", *args, "--jobs", str(jobs), "--errors", errors], path, allow_fail=True)
                limit = 8 * 1024 * jobs + 3 * longest / 1024
                ok = "yes" if kib <= limit else "**no**"
                rows.append(f"| {name} | {jobs} | {errors} | {kib / 1024:.1f} MiB | {limit / 1024:.1f} MiB | {ok} |")
    return rows


def hostile_rows():
    """Issue 12's linear time: every parser on 1 MiB and 2 MiB adversarial records."""
    out = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "hostile.py"), BB],
                         capture_output=True, text=True, check=True).stdout
    return out.strip().splitlines()


def callgrind_count(cmd, env=None):
    """Instructions the command runs, under callgrind."""
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                         capture_output=True, text=True, env=env, check=True)
    return int(re.search(r"Collected : (\d+)", out.stderr).group(1))


def newline_rows(lines):
    """Issue 11 point 4: the line-end scanners on the same job (bench/src/bin/newlines.rs),
    instructions a line of the corpus under callgrind, start-up (an empty file) subtracted."""
    prog = os.path.join(ROOT, "bench", "target", "release", "newlines")
    empty = os.path.join(OUT, "empty.fen")
    open(empty, "wb").close()
    portable = dict(os.environ, BBCONV_PORTABLE="1")
    rows = []
    for label, how, env in (("`memchr::memchr_iter`", "memchr", None),
                            ("bbconv's batch scanner, SSE2 (`BBCONV_PORTABLE=1`)", "bbconv", portable),
                            ("bbconv's batch scanner, AVX2 (this CPU)", "bbconv", None)):
        cost = callgrind_count([prog, how, CORPUS], env) - callgrind_count([prog, how, empty], env)
        rows.append(f"| {label} | {cost / lines:.1f} |")
    return rows


def main():
    lines = sum(1 for _ in open(CORPUS, "rb"))
    floor_bin = os.path.join(ROOT, "bench", "target", "release", "io-floor")
    rows = []
    for mode in ("pair", "packed", "fen", "pieces"):
        bb_out, sm_out = os.path.join(OUT, "bb." + mode), os.path.join(OUT, "sm." + mode)
        one = [BB, "convert", "--jobs", "1", "-f", "fen", "-t", mode]
        timed(one, CORPUS, bb_out)
        timed([SM, mode], CORPUS, sm_out)
        same = open(bb_out, "rb").read() == open(sm_out, "rb").read()
        tb, ts = paired_medians(one, [SM, mode], CORPUS)
        ok = "yes" if ts / tb >= 4 else "**no**"
        rows.append(f"| `-f fen -t {mode}`, 1 thread | {lines / tb / 1e6:.2f} M lines/s ({tb:.3f} s) | "
                    f"{lines / ts / 1e6:.2f} M lines/s ({ts:.3f} s) | **{ts / tb:.2f}x** | {ok} | {same} |")
    default = [BB, "convert", "-f", "fen", "-t", "packed"]
    (tb, t1, tf) = medians([default, default[:2] + ["--jobs", "1"] + default[2:], [floor_bin]], CORPUS)
    floor_rows = [
        f"| `-f fen -t packed` (default `--jobs`: {os.cpu_count()} threads here) against the I/O floor "
        f"(`bench/src/bin/io-floor.rs`) | {tb:.3f} s / {tf:.3f} s = **{tb / tf:.2f}x** the floor's time | at most 2x | "
        f"{'yes' if tb / tf <= 2 else '**no**'} |",
        f"| the same on one thread (`--jobs 1`) | {t1:.3f} s / {tf:.3f} s = {t1 / tf:.2f}x | | |",
    ]
    sample = os.path.join(OUT, "sample10k.fen")
    with open(CORPUS, "rb") as f, open(sample, "wb") as s:
        for _ in range(10_000):
            s.write(f.readline())
    paths = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "paths.py"), BB, OUT],
                           capture_output=True, text=True, check=True).stdout.strip().splitlines()
    portable = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "paths.py"), BB, OUT, "--portable"],
                              capture_output=True, text=True, check=True).stdout.strip().splitlines()
    matrix = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "matrix.py"), BB, CORPUS, OUT],
                            capture_output=True, text=True, check=True).stdout.strip().splitlines()
    tables = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "tables.py"), BB, CORPUS, OUT],
                            capture_output=True, text=True, check=True).stdout.strip().splitlines()
    big = os.path.join(OUT, "corpus4.fen")
    if not os.path.exists(big):
        with open(big, "wb") as b:
            data = open(CORPUS, "rb").read()
            for _ in range(4):
                b.write(data)
    rss1 = peak_rss_kib([BB, "convert", "--jobs", "1", "-f", "fen", "-t", "packed"], CORPUS)
    rss4 = peak_rss_kib([BB, "convert", "--jobs", "1", "-f", "fen", "-t", "packed"], big)
    rss_default = peak_rss_kib([BB, "convert", "-f", "fen", "-t", "packed"], big)
    t1, t2 = paired_medians([BB, "convert", "-f", "fen", "-t", "packed", "--jobs", "1"],
                            [BB, "convert", "-f", "fen", "-t", "packed", "--jobs", "2"], big)
    show = [BB, "show", "0x70507"]
    if shutil.which("hyperfine"):
        hf = os.path.join(OUT, "hyperfine.json")
        subprocess.run(["hyperfine", "-N", "--warmup", "20", "--runs", "300", "--export-json", hf, " ".join(show)],
                       check=True, stdout=subprocess.DEVNULL)
        import json
        show_ms = json.load(open(hf))["results"][0]["median"] * 1000
        how = "hyperfine -N, 300 runs"
    else:
        ts = []
        for _ in range(300):
            t = time.perf_counter()
            subprocess.run(show, stdout=subprocess.DEVNULL, check=True)
            ts.append(time.perf_counter() - t)
        show_ms = statistics.median(ts) * 1000
        how = "Python loop, 300 runs"
    newlines = newline_rows(lines)
    memory = memory_rows()
    hostile = hostile_rows()
    cpu = ""
    try:
        cpu = [l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")][0]
    except Exception:
        cpu = platform.processor()
    report = [
        f"Measured {datetime.date.today()} on {cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}; "
        f"corpus: {lines:,} positions from random legal games (bench/target/release/gen-corpus).",
        "",
        "Throughput against the shakmaty 0.30.1 reference, both on one thread (medians of 15 runs, timed in alternation):",
        "",
        "| job | bbconv | shakmaty reference | speed-up | at least 4x | outputs identical |",
        "|---|---|---|---|---|---|",
        *rows,
        "",
        "| floor | measured | limit | holds |",
        "|---|---|---|---|",
        *floor_rows,
        "",
        "Every pair of forms (`bench/matrix.py`: 8x8, 2,000 positions of the corpus and the forms bbconv "
        "derives from them, instructions a line under callgrind, `--jobs 1`, start-up subtracted; limit 2,000, "
        "3,000 from a grid or JSON as `json.dumps` writes it; **x** marks a pair over its limit):",
        "",
        *matrix,
        "",
        "Instructions a line under callgrind (10,000 lines on one thread, `--jobs 1`, start-up subtracted):",
        "",
        *paths,
        "",
        "The same with `BBCONV_PORTABLE=1` (the readers of CPUs without AVX2 and BMI2):",
        "",
        *portable,
        "",
        "Tables (`bench/tables.py`): a 1,000,000-row `id<TAB>fen<TAB>eval` table made from the corpus, the "
        "same as CSV, and as CSV whose every field is quoted, against the bare FENs (instructions on its first "
        "10,000 rows, `--jobs 1`):",
        "",
        *tables,
        "",
        "Line ends of the corpus (`bench/src/bin/newlines.rs`, instructions a line under callgrind, start-up subtracted):",
        "",
        "| scanner | instructions a line |",
        "|---|---|",
        *newlines,
        "",
        "| other | measured |",
        "|---|---|",
        f"| peak RSS, `--jobs 1`, 1 M lines | {rss1 / 1024:.1f} MiB |",
        f"| peak RSS, `--jobs 1`, 4 M lines | {rss4 / 1024:.1f} MiB |",
        f"| peak RSS, default `--jobs`, 4 M lines | {rss_default / 1024:.1f} MiB |",
        f"| `--jobs 2` vs `--jobs 1`, 4 M lines | {t1:.3f} s / {t2:.3f} s = **{t1 / t2:.2f}x** |",
        f"| `bbconv show 0x70507`, median ({how}) | {show_ms:.2f} ms |",
        "",
        "Peak RSS under hostile input (GNU time; limit: 8 MiB a worker plus 3 times the longest line):",
        "",
        "| input | --jobs | --errors | peak RSS | limit | holds |",
        "|---|---|---|---|---|---|",
        *memory,
        "",
        "Adversarial records (seconds, best of 3; a ratio near 2 is linear growth):",
        "",
        *hostile,
    ]
    text = "\n".join(report) + "\n"
    open(os.path.join(OUT, "results.md"), "w").write(text)
    print(text)


if __name__ == "__main__":
    main()
