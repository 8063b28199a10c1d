#!/usr/bin/env bash
# Runs every fuzz target for RUNS executions (default 1,000,000), or SECONDS when that comes
# first (default: no limit), and prints one line a target: its executions, its crashes (0 or the
# run fails) and its time. Needs a nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
# FUZZ_JOBS=N runs N targets at a time (default 1); FUZZ_TARGETS="a b" runs only those.
# FUZZ_SANITIZER=none builds without AddressSanitizer (default: address, as `cargo fuzz`): about
# ten times the executions a second, for the long runs; safe Rust still panics on any bad index,
# ASan adds the checks of the `unsafe` SIMD reads (lines.rs, json.rs, kernels.rs).
# Usage: bash fuzz/run.sh [RUNS [SECONDS]]
set -euo pipefail
cd "$(dirname "$0")"
runs="${1:-1000000}"
seconds="${2:-0}"
jobs="${FUZZ_JOBS:-1}"
sanitizer="${FUZZ_SANITIZER:-address}"
case "$sanitizer" in
  address) dir=target ;;
  none) dir=target-nosan ;;
  *) echo "FUZZ_SANITIZER must be address or none, not $sanitizer" >&2; exit 2 ;;
esac
build=(cargo +nightly fuzz build --release -s "$sanitizer" --target-dir "$dir")
"${build[@]}" >/dev/null 2>&1 || "${build[@]}"
bin="$dir/x86_64-unknown-linux-gnu/release"
targets="${FUZZ_TARGETS:-$(cargo +nightly fuzz list)}"

# A target whose corpus is empty starts from the repository's fixtures of its form, so that even
# a short run reaches the readers' fast paths (a valid FEN placement is rarely found from nothing).
# A corpus already grown is left as it is.
declare -A fresh
for t in $targets; do
  [ -n "$(ls -A "corpus/$t" 2>/dev/null)" ] || fresh[$t]=1
done
seed() { # TARGET FILE...: each file one seed
  local t=$1 k=0 f
  shift
  [ -n "${fresh[$t]:-}" ] || return 0
  mkdir -p "corpus/$t"
  for f in "$@"; do
    [ -f "$f" ] && cp "$f" "corpus/$t/fixture-$t-$((k++))"
  done
  return 0
}
seed_lines() { # TARGET FIELD FILE...: the tab-separated FIELD of each line one seed (64 a file)
  local t=$1 field=$2 k=0 f
  shift 2
  [ -n "${fresh[$t]:-}" ] || return 0
  mkdir -p "corpus/$t"
  for f in "$@"; do
    [ -f "$f" ] || continue
    awk -F '\t' -v dir="corpus/$t" -v field="$field" -v k="$field-$((k++))" \
      'n < 64 && !/^#/ && $field != "" { out = dir "/fixture-" k "-" n++; printf "%s", $field > out; close(out) }' "$f"
  done
  return 0
}
forms=../fixtures/forms
for t in fen fen_readers auto; do
  seed_lines "$t" 1 ../fixtures/fen/reference.tsv ../fixtures/planes/positions.fen
  seed_lines "$t" 2 ../fixtures/fen/variants.tsv ../fixtures/fen/invalid.tsv
done
seed_lines epd 0 ../fixtures/real/epd/*.epd
seed sgf ../fixtures/real/sgf/*.sgf
seed pdn ../fixtures/real/draughts/*.pdn
seed paste ../fixtures/paste/*.txt
seed planes_bin ../fixtures/planes/reference.planes
seed int "$forms"/*/*/dec "$forms"/*/*/hex "$forms"/*/*/bin
seed literal "$forms"/*/*/hex
for form in base2 base3 edax grid json packed pair pieces rows squares trits; do
  seed "$form" "$forms"/*/*/"$form"
done
seed packed_bin "$forms"/*/*/packed-bin
# train: a byte that picks the form (0 sf-bin, 1 sf-plain, 2 sf-compressed, 3 binary-fen,
# 4 marlin, 5 bullet), then one record of the reference's fixtures.
if [ -n "${fresh[train]:-}" ]; then
  mkdir -p corpus/train
  t=../fixtures/train
  for k in 0 1 2 3; do
    { printf '\000'; dd if=$t/sf.bin bs=40 skip=$k count=1 2>/dev/null; } >corpus/train/fixture-sf-bin-$k
    { printf '\002'; dd if=$t/compressed24.bin bs=24 skip=$k count=1 2>/dev/null; } >corpus/train/fixture-compressed-$k
    { printf '\004'; dd if=$t/marlin.bin bs=32 skip=$k count=1 2>/dev/null; } >corpus/train/fixture-marlin-$k
    { printf '\005'; dd if=$t/bullet.bin bs=32 skip=$k count=1 2>/dev/null; } >corpus/train/fixture-bullet-$k
    { printf '\003'; sed -n "$((k + 1))p" $t/binary-fen.hex | tr -d '\n'; } >corpus/train/fixture-binary-fen-$k
    { printf '\001'; sed -n "$((6 * k + 1)),$((6 * k + 6))p" $t/sf.plain; } >corpus/train/fixture-sf-plain-$k
  done
fi
# options: an input's first 20 bytes draw the source form and the options (all 0: -f auto and
# the defaults), the rest is the record: every LERF fixture of the forms after 20 zero bytes.
if [ -n "${fresh[options]:-}" ]; then
  mkdir -p corpus/options
  k=0
  for f in "$forms"/*/lerf/*; do
    { head -c 20 /dev/zero; cat "$f"; } >"corpus/options/fixture-options-$((k++))"
  done
fi

# One target: its run, then its table row in logs/$t.row (or its failure's last lines).
run_one() {
  local t=$1 start=$SECONDS execs
  mkdir -p "corpus/$t"
  if ! "$bin/$t" -runs="$runs" -max_total_time="$seconds" -max_len=8192 -print_final_stats=1 "corpus/$t" >"logs/$t.log" 2>&1; then
    tail -30 "logs/$t.log" >&2
    echo "fuzz target $t failed" >&2
    return 1
  fi
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "logs/$t.log" | grep -o '[0-9]*$')
  printf '| %s | %s | 0 | %s | %s |\n' "$t" "$execs" "$((SECONDS - start))" "$sanitizer" >"logs/$t.row"
}

# Only this run's targets' logs are replaced: two runs over other targets may share the folder.
mkdir -p logs
for t in $targets; do rm -f "logs/$t.log" "logs/$t.row"; done
failed=0
pids=()
for t in $targets; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || failed=1; done
  run_one "$t" &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || failed=1; done

printf '| target | executions | crashes | seconds | sanitizer |\n|---|---|---|---|---|\n'
for t in $targets; do
  [ -f "logs/$t.row" ] && cat "logs/$t.row"
done
exit "$failed"
