"""Shared fixtures: the command line to compare with, positions from python-chess, the
doctests' namespace, and the rule that a test skipped for a missing dependency fails under CI."""

import os
import pathlib
import random
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Under CI=true a skip is a failure: CI installs every dependency, so a skip there is a
    test that did not run."""
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI") == "true" and report.skipped:
        report.outcome = "failed"
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.longrepr = f"skipped under CI=true (a missing dependency counts as a failure): {reason}"


@pytest.fixture(scope="session")
def cli():
    """The bbconv binary of this checkout (BBCONV_BIN, else target/release or target/debug)."""
    for path in (
        os.environ.get("BBCONV_BIN"),
        ROOT / "target" / "release" / "bbconv",
        ROOT / "target" / "debug" / "bbconv",
        shutil.which("bbconv"),
    ):
        if path and pathlib.Path(path).is_file():
            return str(path)
    pytest.skip("the bbconv binary is not built (cargo build --release, or set BBCONV_BIN)")


@pytest.fixture(scope="session")
def positions():
    """20,000 positions of random games, with python-chess's boards (deterministic)."""
    chess = pytest.importorskip("chess", reason="chess is not installed")
    rng = random.Random(20261124)
    fens, boards = [], []
    while len(fens) < 20_000:
        board = chess.Board()
        for _ in range(rng.randrange(1, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            fens.append(board.fen())
            boards.append(board.copy(stack=False))
    return fens[:20_000], boards[:20_000]


@pytest.fixture(scope="session")
def reference():
    """fixtures/fen/reference.tsv: FENs with python-chess's sides and piece words."""
    rows = []
    for line in (ROOT / "fixtures" / "fen" / "reference.tsv").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        fen, *words = line.split("\t")
        rows.append((fen, [int(w, 16) for w in words]))
    return rows


@pytest.fixture(autouse=True)
def _doctest_namespace(doctest_namespace):
    """Doctests of the package see it as ``bbconv``."""
    import bbconv

    doctest_namespace["bbconv"] = bbconv
