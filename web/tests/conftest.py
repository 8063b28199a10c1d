"""Fixtures of the page's browser tests: the page served from web/ (browser.served), headless
Chromium through Debian's chromedriver (browser.chrome), and the bbconv binary the answers are
compared with."""

import os
import pathlib
import subprocess

import pytest

from browser import ROOT, chrome, served


@pytest.fixture(scope="session")
def server():
    """The page's URL (built first: bash web/build.sh)."""
    with served() as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    d = chrome()
    yield d
    d.quit()


@pytest.fixture(scope="session")
def bbconv():
    """The command line the answers are compared with: $BBCONV_BIN, else the release build."""
    path = os.environ.get("BBCONV_BIN") or str(
        pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "release" / "bbconv"
    )
    if not os.path.exists(path):
        pytest.fail(f"{path} is missing: cargo build --release")

    def run(*args, stdin=None, columns=100):
        env = dict(os.environ, COLUMNS=str(columns), NO_COLOR="1")
        return subprocess.run([path, *args], input=stdin, capture_output=True, text=True, env=env)

    run.path = path
    return run
