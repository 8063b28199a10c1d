#!/usr/bin/env bash
# Builds the C++ reference driver `sfref` (Stockfish .bin / .plain / 24-byte
# compressed position) against the pinned, unmodified Stockfish `tools` header.
# The header is GPL-3.0 code: it is fetched into /tmp and never committed here.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
SF_COMMIT=9a4c7cf4e311f8d9526b79295b80c4d0464c07cf     # official-stockfish/Stockfish, branch tools
HDR_DIR="${TRAINREF_SF_INCLUDE:-/tmp/trainref-src}"
OUT="${TRAINREF_SFREF:-/tmp/trainref-target/sfref}"
HDR="$HDR_DIR/nnue_data_binpack_format.h"
mkdir -p "$HDR_DIR" "$(dirname "$OUT")"
if [ ! -f "$HDR" ]; then
  if [ -n "${STOCKFISH_GIT:-}" ]; then   # a local clone / bare mirror of official-stockfish/Stockfish
    git -C "$STOCKFISH_GIT" show "$SF_COMMIT:src/extra/nnue_data_binpack_format.h" > "$HDR"
  else
    curl -fsSL "https://raw.githubusercontent.com/official-stockfish/Stockfish/$SF_COMMIT/src/extra/nnue_data_binpack_format.h" -o "$HDR"
  fi
fi
echo "header sha256: $(sha256sum "$HDR" | cut -d' ' -f1)"
g++ -std=c++17 -O2 -DNDEBUG -w -I "$HDR_DIR" "$here/cpp/sfref.cpp" -o "$OUT"
echo "built $OUT"
