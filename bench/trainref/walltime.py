#!/usr/bin/env python3
"""Wall time of bbconv against the reference implementations of the six training-record forms.

Usage: python3 bench/trainref/walltime.py [--n N] [--rounds R] [--forms F,F,...]
                                          [--bbconv PATH] [--trainref PATH] [--corpus PATH] [--keep DIR]

  --n        positions, the first N of the corpus (default 1,000,000)
  --rounds   timed runs of each command, in alternation (default 5); the median is kept
  --forms    bbconv forms to time (default all six: sf-bin,sf-plain,sf-compressed,binary-fen,bullet,marlin)
  --bbconv   default: target/release/bbconv of this checkout
  --trainref default: $TRAINREF or /tmp/trainref-target/release/trainref (README.md, "Build")
  --corpus   default: bench/out/corpus.fen; generated as bench/run.sh does when missing
  --keep     write the inputs and outputs to DIR and keep them (default: a temporary directory)

For each form, two jobs on the same positions, both ways:
  write: FEN lines -> records. `trainref write H` (the reference's own FEN parser and writer) against
         `bbconv convert -f fen -t FORM`, both reading the same file of plain FEN lines.
  read:  the reference's records -> FEN lines. `trainref read H --fen` (the reference's reader and its
         FEN writer; for bullet, whose crate has no FEN writer, the harness prints the placement from the
         crate's (piece, square) iterator) against `bbconv convert -f FORM -t fen`.
The commands run in turn (reference, bbconv --jobs 1, bbconv with its default --jobs; again R times),
stdin from a file and stdout to a file; the table gives medians and ratios = reference / bbconv (above 1:
bbconv is faster). The positions are the first N of the corpus less any a reference refuses (counted).
Both outputs are compared afterwards (sf-bin: the first 39 bytes of a record, the 40th is padding).
Prints a Markdown table on stdout, progress on stderr.
"""
import argparse
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_CORPUS = os.path.join(ROOT, "bench", "out", "corpus.fen")
CORPUS_LINES = 1_000_000  # what bench/run.sh generates

STOCKFISH = "Stockfish `tools` header 9a4c7cf (C++, g++ -O2)"
# bbconv form, harness name (README.md's table, the primary reference), reference, record size
# (None: one record a line; "e": records ended by a line `e`)
FORMS = [
    ("sf-bin", "sf-bin", STOCKFISH, 40),
    ("sf-plain", "sf-plain", STOCKFISH, "e"),
    ("sf-compressed", "compressed", STOCKFISH, 24),
    ("binary-fen", "binary-fen", "shakmaty 0.30.1", None),
    ("bullet", "bullet", "bulletformat 1.8.0", 32),
    ("marlin", "marlin", "viriformat 3.0.0", 32),
]
SAME_BYTES = {"sf-bin": 39}  # byte 40 of a .bin record is padding (0xff from the reference)


def fail(msg):
    sys.exit(f"walltime.py: {msg}")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--n", type=int, default=1_000_000)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--forms", default=",".join(f[0] for f in FORMS))
    p.add_argument("--bbconv", default=os.path.join(ROOT, "target", "release", "bbconv"))
    p.add_argument("--trainref", default=os.environ.get("TRAINREF", "/tmp/trainref-target/release/trainref"))
    p.add_argument("--corpus", default=DEFAULT_CORPUS)
    p.add_argument("--keep", metavar="DIR")
    a = p.parse_args()
    names = [f[0] for f in FORMS]
    a.forms = [f for f in FORMS if f[0] in a.forms.split(",")]
    if not a.forms or a.n < 1 or a.rounds < 1:
        fail(f"--forms takes some of {','.join(names)}; --n and --rounds at least 1")
    return a


def check_tools(args):
    """The harness and bbconv must be built; say how when they are not."""
    readme = os.path.join(os.path.relpath(HERE), "README.md")
    sfref = os.environ.get("TRAINREF_SFREF") or os.path.join(os.path.dirname(os.path.dirname(args.trainref)), "sfref")
    if not os.path.exists(sfref):
        sfref = "/tmp/trainref-target/sfref"
    for path, what in ((args.trainref, "trainref"), (sfref, "sfref (the C++ Stockfish driver)")):
        if not os.access(path, os.X_OK):
            fail(f"{what} not found at {path}: build the harness first, see {readme} (\"Build\": "
                 f"./build-sfref.sh, then cargo build --release --target-dir /tmp/trainref-target)")
    if not os.access(args.bbconv, os.X_OK):
        fail(f"bbconv not found at {args.bbconv}: cargo build --release, or pass --bbconv")


def ensure_corpus(path, n):
    """The corpus of bench/run.sh: gen-corpus's 1,000,000 positions from random legal games."""
    if not os.path.exists(path):
        if os.path.abspath(path) != DEFAULT_CORPUS:
            fail(f"no corpus at {path}")
        gen = os.path.join(ROOT, "bench", "target", "release", "gen-corpus")
        if not os.access(gen, os.X_OK):
            log("building bench/'s gen-corpus (as bench/run.sh does)")
            subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "gen-corpus"],
                           cwd=os.path.join(ROOT, "bench"), check=True)
        log(f"generating {path} ({CORPUS_LINES} positions)")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path + ".part", "wb") as out:
            subprocess.run([gen, str(CORPUS_LINES)], stdout=out, check=True)
        os.replace(path + ".part", path)
    with open(path, "rb") as f:
        lines = sum(1 for _ in f)
    if lines < n:
        fail(f"{path} has {lines} positions, fewer than --n {n}")


def select_positions(args, work):
    """The first N corpus lines less those any reference writer refuses (it skips them, saying
    `skip LINENO: reason` on stderr), so that both sides convert the same set."""
    first = os.path.join(work, "first.fen")
    with open(args.corpus, "rb") as c, open(first, "wb") as f:
        for _, line in zip(range(args.n), c):
            f.write(line)
    refused = {}  # form -> line numbers its reference skips
    for form, harness, _, _ in args.forms:
        with open(first, "rb") as i:
            r = subprocess.run([args.trainref, "write", harness], stdin=i, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, check=True)
        refused[form] = {int(l.split()[1].rstrip(":")) for l in r.stderr.splitlines() if l.startswith("skip ")}
    dropped = set().union(*refused.values())
    chosen = os.path.join(work, "positions.fen")
    with open(first, "rb") as f, open(chosen, "wb") as out:
        for k, line in enumerate(f, 1):
            if k not in dropped:
                out.write(line)
    per_form = ", ".join(f"{form} {len(lines)}" for form, lines in refused.items())
    return chosen, args.n - len(dropped), f"lines the references refuse: {per_form}; {len(dropped)} dropped"


def run_timed(cmd, stdin_path, stdout_path):
    """Wall time and CPU time (user + system, children included) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(stdin_path, "rb") as i, open(stdout_path, "wb") as o:
        t = time.perf_counter()
        r = subprocess.run(cmd, stdin=i, stdout=o, stderr=subprocess.PIPE)
        wall = time.perf_counter() - t
    if r.returncode != 0:
        fail(f"{' '.join(cmd)} < {stdin_path} failed ({r.returncode}): {r.stderr.decode()[-500:]}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def alternate(cmds, stdin_path, outputs, rounds):
    """Medians (wall, CPU) of each command, run in turn `rounds` times so that a slow spell of a
    shared machine falls on all of them alike."""
    walls, cpus = [[] for _ in cmds], [[] for _ in cmds]
    for _ in range(rounds):
        for cmd, out, w, c in zip(cmds, outputs, walls, cpus):
            wall, cpu = run_timed(cmd, stdin_path, out)
            w.append(wall)
            c.append(cpu)
    return [(statistics.median(w), statistics.median(c)) for w, c in zip(walls, cpus)]


def records(path, size):
    data = open(path, "rb").read()
    if size is None:
        return data.split(b"\n")[:-1]
    if size == "e":
        return data.split(b"\ne\n")[:-1]
    return [data[k:k + size] for k in range(0, len(data), size)]


def agreement(ref_out, bb_out, size, cut=None):
    """How many records of the two outputs are equal (their first `cut` bytes), and how many each has."""
    a, b = records(ref_out, size), records(bb_out, size)
    equal = sum(x[:cut] == y[:cut] for x, y in zip(a, b)) if len(a) == len(b) else 0
    return equal, len(a), len(b)


def measure_form(args, form, harness, size, positions, work):
    """Both directions of one form: rows of the table."""
    bb = [args.bbconv, "convert"]
    rows = []
    records_path = os.path.join(work, f"{form}.ref.rec")
    for direction in ("write", "read"):
        if direction == "write":
            src = positions
            ref = [args.trainref, "write", harness]
            mine = bb + ["-f", "fen", "-t", form]
            ext = "rec"
        else:
            src = records_path
            ref = [args.trainref, "read", harness, "--fen"]
            mine = bb + ["-f", form, "-t", "fen"]
            ext = "fen"
        outs = [os.path.join(work, f"{form}.{side}.{ext}") for side in ("ref", "bb1", "bbd")]
        log(f"{form} {direction}: {args.rounds} rounds")
        (rw, rc), (b1w, b1c), (bdw, _) = alternate([ref, mine + ["--jobs", "1"], mine], src, outs, args.rounds)
        cut = SAME_BYTES.get(form) if direction == "write" else None
        equal, n_ref, n_bb = agreement(outs[0], outs[1], size if direction == "write" else None, cut)
        same_d = open(outs[1], "rb").read() == open(outs[2], "rb").read()
        if not same_d:
            fail(f"{form} {direction}: bbconv's output differs between --jobs 1 and the default")
        rows.append(dict(direction=direction, ref=rw, ref_cpu=rc, bb1=b1w, bb1_cpu=b1c, bbd=bdw,
                         equal=equal, n_ref=n_ref, n_bb=n_bb, cut=cut))
    return rows


def cpu_model():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def bbconv_version(path):
    r = subprocess.run([path, "--version"], capture_output=True, text=True)
    return r.stdout.strip() or "bbconv"


def table(args, results, n_positions, note):
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    out = [
        f"{n_positions:,} positions (the first {args.n:,} of {os.path.relpath(args.corpus, ROOT)}; {note}); "
        f"median{'s' if args.rounds > 1 else ''} of {args.rounds} run{'s' if args.rounds > 1 else ''} in alternation; {bbconv_version(args.bbconv)}; "
        f"{cpu_model()}, {cores} cores (nproc), Linux {platform.release()}, "
        f"load average {os.getloadavg()[0]:.2f} at the start.",
        "",
        "| form | direction | reference | reference's time | bbconv `--jobs 1` | ratio | bbconv default `--jobs` | ratio "
        "| CPU-time ratio, `--jobs 1` | same output |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for (form, _, ref_name, _), rows in results:
        for r in rows:
            same = f"{r['equal']:,}/{r['n_ref']:,}"
            if r["cut"]:
                same += f" (first {r['cut']} bytes)"
            if r["n_bb"] != r["n_ref"]:
                same += f" (bbconv: {r['n_bb']:,})"
            out.append(
                f"| {form} | {r['direction']} | {ref_name} | {r['ref']:.3f} s | {r['bb1']:.3f} s "
                f"| **{r['ref'] / r['bb1']:.2f}x** | {r['bbd']:.3f} s | {r['ref'] / r['bbd']:.2f}x "
                f"| {r['ref_cpu'] / max(r['bb1_cpu'], 1e-9):.2f}x | {same} |")
    out += ["", "ratio = reference time / bbconv time: above 1, bbconv is faster. write = FEN lines to records "
            "(both read the same file of plain FEN lines; the reference harness's fields after the FEN are absent: "
            "score 0, draw, no move, ply from the FEN); read = the reference's records to FEN lines "
            "(`trainref read --fen`; bullet: the stored side-to-move view `PLACEMENT w - - 0 1`, on both sides)."]
    return "\n".join(out)


def main():
    args = parse_args()
    check_tools(args)
    args.corpus = os.path.abspath(args.corpus)
    ensure_corpus(args.corpus, args.n)
    work = args.keep or tempfile.mkdtemp(prefix="bbconv-walltime-")
    os.makedirs(work, exist_ok=True)
    try:
        positions, n_positions, note = select_positions(args, work)
        log(f"{n_positions} positions; {note}")
        results = [(f, measure_form(args, f[0], f[1], f[3], positions, work)) for f in args.forms]
        print(table(args, results, n_positions, note))
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
