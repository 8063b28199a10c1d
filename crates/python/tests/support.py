"""Helpers the tests share: a dependency or a skip, and the command line's output."""

import subprocess

import pytest


def need(module):
    """Imports `module`, or skips the test saying why (a failure under CI=true, see conftest)."""
    return pytest.importorskip(module, reason=f"{module} is not installed")


def run_cli(cli, args, data: bytes) -> bytes:
    """The command line's output for `data` on stdin."""
    done = subprocess.run([cli, "convert", *args], input=data, capture_output=True, check=True)
    return done.stdout
