#!/usr/bin/env bash
# Builds the page's WebAssembly module into web/bbconv.wasm (crates/web, the `web` profile:
# size-optimised, LTO, panic=abort). Then serve the folder: python3 -m http.server -d web 8000
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
cargo build --locked --quiet --profile web --target wasm32-unknown-unknown -p bbconv-web
cp "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/web/bbconv_web.wasm" web/bbconv.wasm
echo "web/bbconv.wasm: $(wc -c < web/bbconv.wasm) bytes, $(gzip -9c web/bbconv.wasm | wc -c) gzipped"
