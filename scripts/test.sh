#!/usr/bin/env bash
# The whole test suite: the Rust workspace (cargo test), then the Python package, built into a
# virtual environment with its test dependencies from PyPI, under pytest (its doctests, and the
# Polars, DuckDB and PySpark recipes), then the web page: its module built for wasm32 and its
# browser tests in headless Chromium (Debian's chromium and chromium-driver). Under CI=true a test
# skipped for a missing dependency fails.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo test --locked"
cargo test --locked

echo "== the command line the Python tests compare with"
cargo build --release --locked

VENV="${BBCONV_VENV:-target/venv}"
echo "== Python test environment in $VENV"
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
fi
VENV="$(cd "$VENV" && pwd)"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r crates/python/requirements-test.txt

echo "== the package, built by maturin"
(cd crates/python && VIRTUAL_ENV="$VENV" PATH="$VENV/bin:$PATH" maturin develop --release --locked --quiet)

echo "== pytest"
BBCONV_BIN="$PWD/target/release/bbconv" "$VENV/bin/python" -m pytest -q -rs crates/python

echo "== the web page: web/bbconv.wasm, then its tests in headless Chromium"
if command -v chromedriver >/dev/null || [ "${CI:-}" = "true" ]; then
  bash web/build.sh
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r web/tests/requirements.txt
  BBCONV_BIN="$PWD/target/release/bbconv" "$VENV/bin/python" -m pytest -q -rs web/tests
else
  echo "skipped: no chromedriver (apt-get install chromium chromium-driver; rustup target add wasm32-unknown-unknown)"
fi
