"""Doctests see the package as ``bbconv``."""

import pytest


@pytest.fixture(autouse=True)
def _namespace(doctest_namespace):
    import bbconv

    doctest_namespace["bbconv"] = bbconv
