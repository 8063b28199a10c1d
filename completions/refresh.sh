#!/usr/bin/env bash
# Regenerates the committed completion scripts from the clap definition.
# Run from the repository root: bash completions/refresh.sh
set -euo pipefail
cargo build --quiet
bin=target/debug/bbconv
"$bin" completions bash > completions/bbconv.bash
"$bin" completions zsh > completions/_bbconv
"$bin" completions fish > completions/bbconv.fish
"$bin" completions elvish > completions/bbconv.elv
"$bin" completions powershell > completions/_bbconv.ps1
