#!/usr/bin/env bash
# Regenerates bench/trainref/fixtures/* from fixtures/source.txt with the reference harness.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
TD=/tmp/trainref-target
[ -x "$TD/sfref" ] || "$here/build-sfref.sh" >/dev/null
(cd "$here" && cargo build --release --quiet --target-dir "$TD")
T="$TD/release/trainref"; cd "$here/fixtures"
w() { "$T" write "$1" < source.txt > "$2" 2> "$2.skips"; [ -s "$2.skips" ] || rm -f "$2.skips"; "$T" read "$1" < "$2" > "$2.read.txt"; }
w sf-bin      sf.bin
w sf-plain    sf.plain
w compressed  compressed24.bin
w compressed-sfbinpack compressed24-sfbinpack.bin
w binary-fen  binary-fen.hex
w bullet      bullet.bin
w marlin      marlin.bin
"$T" read marlin-bullet < marlin.bin > marlin.bin.read-by-bulletformat.txt
