#!/usr/bin/env python3
"""bbconv against the reference implementations, both ways, on N corpus positions.

Usage: python3 bench/trainref/compare_bbconv.py BBCONV [N] [WORKDIR]

Needs the harness built (README.md: build-sfref.sh, then cargo build --release --target-dir
/tmp/trainref-target). For each form, the reference writes the records from N positions of
bench/out/corpus.fen with synthesised scores, results, moves and plies (`trainref annotate`);
then bbconv writes the same positions and fields (given as JSON objects with a `train` member)
and the bytes are compared, and bbconv reads the reference's records and what it reads is
compared with what the reference reads. Prints one line a form.
"""
import json
import os
import subprocess
import sys

BB = os.path.abspath(sys.argv[1])
N = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
W = sys.argv[3] if len(sys.argv) > 3 else "/tmp/trainref-cmp"
HERE = os.path.dirname(os.path.abspath(__file__))
T = "/tmp/trainref-target/release/trainref"
CORPUS = os.environ.get("CORPUS", os.path.join(HERE, "..", "out", "corpus.fen"))
os.makedirs(W, exist_ok=True)

# (bbconv form, harness form, record size (None: hex lines, "e": records ended by a line e),
# bytes compared, fields compared)
FORMS = [
    ("sf-bin", "sf-bin", 40, 39, ("fen", "score", "result", "move", "ply")),
    ("sf-plain", "sf-plain", "e", None, ("fen", "score", "result", "move", "ply")),
    ("sf-compressed", "compressed-sfbinpack", 24, 24, ("fen4",)),
    ("sf-compressed", "compressed", 24, 24, ("fen4",)),
    ("binary-fen", "binary-fen", None, None, ("fen",)),
    ("marlin", "marlin", 32, 32, ("fen", "score", "result")),
    ("bullet", "bullet", 32, 32, ("placement", "score", "result")),
]


def run(args, stdin=None, out=None):
    i = open(stdin, "rb") if stdin else subprocess.DEVNULL
    o = open(out, "wb") if out else subprocess.DEVNULL
    subprocess.run(args, stdin=i, stdout=o, check=True)
    for f in (i, o):
        if f is not subprocess.DEVNULL:
            f.close()


def main():
    src = os.path.join(W, "in.txt")
    with open(CORPUS) as c, open(os.path.join(W, "fens.txt"), "w") as f:
        for _, line in zip(range(N), c):
            f.write(line)
    run([T, "annotate"], os.path.join(W, "fens.txt"), src)
    objs = os.path.join(W, "in.json")
    with open(src) as i, open(objs, "w") as o:
        for line in i:
            fen, score, result, mv, ply = (line.rstrip("\n").split(";") + [""] * 5)[:5]
            t = {}
            if score:
                t["score"] = int(score)
            if result:
                t["result"] = int(result)
            if mv and mv != "0000":
                t["move"] = mv
            if ply:
                t["ply"] = int(ply)
            o.write(json.dumps({"fen": fen, "train": t}) + "\n")
    print(f"{N} positions of {os.path.normpath(CORPUS)}", flush=True)
    for form, ref, size, same_bytes, fields in FORMS:
        theirs, mine = os.path.join(W, ref + ".rec"), os.path.join(W, form + ".rec")
        run([T, "write", ref], src, theirs)
        run([BB, "convert", "-f", "json", "-t", form, "-i", objs, "-o", mine])
        a, b = open(mine, "rb").read(), open(theirs, "rb").read()
        if size == "e":
            ra, rb = a.split(b"\ne\n")[:-1], b.split(b"\ne\n")[:-1]
        elif size:
            ra = [a[k:k + size] for k in range(0, len(a), size)]
            rb = [b[k:k + size] for k in range(0, len(b), size)]
        else:
            ra, rb = a.split(b"\n")[:-1], b.split(b"\n")[:-1]
        cut = same_bytes or None
        equal = sum(x[:cut] == y[:cut] for x, y in zip(ra, rb))
        back_ref, back_mine = os.path.join(W, ref + ".back"), os.path.join(W, ref + ".bb.json")
        run([T, "read", ref], theirs, back_ref)
        run([BB, "convert", "-f", form, "-t", "json", "-i", theirs, "-o", back_mine])
        agree = 0
        for m, r in zip(open(back_mine), open(back_ref)):
            m, r = json.loads(m), r.rstrip("\n").split(";")
            t = m.get("train", {})
            got = {"fen": m["fen"], "fen4": " ".join(m["fen"].split()[:4]),
                   "placement": m["fen"].split()[0], "score": str(t.get("score")),
                   "result": str(t.get("result")), "move": t.get("move", "0000"), "ply": str(t.get("ply"))}
            want = {"fen": r[0], "fen4": " ".join(r[0].split()[:4]), "placement": r[0].split()[0],
                    "score": r[1], "result": r[2], "move": r[3], "ply": r[4]}
            agree += all(got[k] == want[k] for k in fields)
        note = f" (first {same_bytes} bytes)" if same_bytes and same_bytes != size else ""
        print(f"{form} vs {ref}: written equal{note} {equal}/{len(rb)}; "
              f"read equal ({', '.join(fields)}) {agree}/{N}", flush=True)


main()
