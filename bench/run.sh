#!/usr/bin/env bash
# bbconv's benchmark: builds bbconv and the shakmaty reference, generates a deterministic corpus
# of 1,000,000 positions from random legal games, and measures throughput against shakmaty,
# instructions per line on every path (callgrind, also with the portable readers), the I/O floor,
# peak memory (also under hostile input), adversarial records, --jobs scaling and start-up time.
# Run from anywhere: bash bench/run.sh   (results: bench/out/results.md)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
(cd bench && cargo build --release --quiet)
mkdir -p bench/out
if [ ! -s bench/out/corpus.fen ] || [ "$(wc -l < bench/out/corpus.fen)" -ne 1000000 ]; then
  bench/target/release/gen-corpus 1000000 > bench/out/corpus.fen
fi
python3 bench/measure.py
