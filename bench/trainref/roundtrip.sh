#!/usr/bin/env bash
# Round trip N positions of bench/out/corpus.fen through every reference writer and
# reader, and count positions that come back equal (raw, and after the normalisation
# the format implies; see README.md "Round trip").
# Usage: bench/trainref/roundtrip.sh [N] [WORKDIR]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
N="${1:-100000}"
W="${2:-/tmp/trainref-rt}"
CORPUS="${CORPUS:-$here/../out/corpus.fen}"
TD=/tmp/trainref-target
[ -x "$TD/sfref" ] || "$here/build-sfref.sh" >/dev/null
(cd "$here" && cargo build --release --quiet --target-dir "$TD")
T="$TD/release/trainref"
mkdir -p "$W"
head -n "$N" "$CORPUS" | "$T" annotate > "$W/in.txt"
echo "input: $N positions of $CORPUS (score/result/move synthesised by 'trainref annotate')"
for f in sf-bin sf-plain compressed compressed-sfbinpack binary-fen bullet bullet-fromraw marlin; do
  "$T" write "$f" < "$W/in.txt" > "$W/$f.rec" 2> "$W/$f.skips" || true
  "$T" read "$f" < "$W/$f.rec" > "$W/$f.back"
  "$T" compare "$f" "$W/in.txt" "$W/$f.back" "$W/$f.skips"
done
# marlin records read back through bulletformat's MarlinFormat reader
"$T" read marlin-bullet < "$W/marlin.rec" > "$W/marlin-bullet.back"
"$T" compare marlin-bullet "$W/in.txt" "$W/marlin-bullet.back" "$W/marlin.skips"
# byte-for-byte agreement between independent writers of the same layout
python3 - "$W" <<'PY'
import sys
w = sys.argv[1]
def recs(name, size):
    b = open(f"{w}/{name}.rec", "rb").read()
    return [b[i:i+size] for i in range(0, len(b), size)]
def cmp(a, b, size, note):
    ra, rb = recs(a, size), recs(b, size)
    same = sum(x == y for x, y in zip(ra, rb))
    print(f"bytes {a} vs {b}: {same}/{min(len(ra), len(rb))} records identical {note}")
cmp("compressed", "compressed-sfbinpack", 24, "(C++ Stockfish tools vs Rust sfbinpack)")
cmp("bullet", "bullet-fromraw", 32, "(bulletformat from_str vs viriformat->ChessBoard::from_raw)")
# binary-fen = 24-byte compressed position when counters are default and trailing zeros are restored
hexes = open(f"{w}/binary-fen.rec").read().split("\n")[:-1]
comp = recs("compressed-sfbinpack", 24)
def head(b):  # occupancy + ceil(n/2) nibble bytes: the part both layouts share
    n = bin(int.from_bytes(b[:8].ljust(8, b"\0"), "big")).count("1")
    return b.ljust(24, b"\0")[:8 + (n + 1) // 2]
same = sum(head(bytes.fromhex(h)) == head(c) for h, c in zip(hexes, comp))
print(f"bytes binary-fen vs compressed-sfbinpack, occupancy+nibbles only: {same}/{min(len(hexes), len(comp))} identical")
PY
