#!/usr/bin/env bash
# The Python package's benchmark (bench/python.py, then bench/python_memory.py): builds the command line, the corpus, a
# virtual environment with the package and what it is compared with, then runs it.
# Run from anywhere: bash bench/python.sh   (results: bench/out/python.md)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
mkdir -p bench/out
if [ ! -s bench/out/corpus.fen ] || [ "$(wc -l < bench/out/corpus.fen)" -ne 1000000 ]; then
  (cd bench && cargo build --release --quiet)
  bench/target/release/gen-corpus 1000000 > bench/out/corpus.fen
fi
VENV="${BBCONV_VENV:-target/venv}"
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
VENV="$(cd "$VENV" && pwd)"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r crates/python/requirements-test.txt rust-chess==0.4.3
(cd crates/python && VIRTUAL_ENV="$VENV" PATH="$VENV/bin:$PATH" maturin develop --release --locked --quiet)
"$VENV/bin/python" bench/python.py "$PWD/target/release/bbconv" | tee bench/out/python.md
# Memory on a large Arrow column (10M FENs memory-mapped from an Arrow IPC file), in a fresh
# process: exits 1 when the growth passes the output's bytes plus 64 MB.
"$VENV/bin/python" bench/python_memory.py "$PWD/bench/out/corpus.fen" 10000000 | tee -a bench/out/python.md
