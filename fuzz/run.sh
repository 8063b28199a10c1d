#!/usr/bin/env bash
# Runs every fuzz target for RUNS executions (default 1,000,000) and prints one line a target:
# its executions, its crashes (0 or the run fails) and its time. Needs a nightly toolchain and
# cargo-fuzz (`cargo install cargo-fuzz`). Usage: bash fuzz/run.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")"
runs="${1:-1000000}"
cargo +nightly fuzz build --release >/dev/null 2>&1 || cargo +nightly fuzz build --release
bin="target/x86_64-unknown-linux-gnu/release"
printf '| target | executions | crashes | seconds |\n|---|---|---|---|\n'
for t in $(cargo +nightly fuzz list); do
  mkdir -p "corpus/$t"
  start=$SECONDS
  if ! "$bin/$t" -runs="$runs" -max_len=8192 -print_final_stats=1 "corpus/$t" >"/tmp/fuzz-$t.log" 2>&1; then
    tail -30 "/tmp/fuzz-$t.log"
    echo "fuzz target $t failed" >&2
    exit 1
  fi
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "/tmp/fuzz-$t.log" | grep -o '[0-9]*$')
  printf '| %s | %s | 0 | %s |\n' "$t" "$execs" "$((SECONDS - start))"
done
