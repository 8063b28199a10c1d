"""bbconv.explain, diff and infer against the command line's answers."""

import subprocess

import pytest

import bbconv


def cli_text(cli, *args):
    return subprocess.run([cli, *args], capture_output=True, text=True).stdout


def test_explain_finds_what_the_cli_finds(cli):
    e = bbconv.explain("0x1000000000000000", "e1")
    out = cli_text(cli, "explain", "0x1000000000000000", "--expect", "e1")
    assert e.size == "8x8"
    assert e.expected == ["e1"]
    assert f"exact match: {e.exact[0].description}: `--order berlef`" in out
    assert e.exact[0].squares == ["e1"]
    assert len(e.orders) == 8 and e.orders["lerf"] == ["e8"] and e.orders["berlef"] == ["e1"]


def test_explain_closest_and_near_misses(cli):
    e = bbconv.explain("0x0000000000000100", "a1")
    out = cli_text(cli, "explain", "0x0000000000000100", "--expect", "a1")
    if e.exact:
        assert all(f"exact match: {r.description}" in out for r in e.exact)
    else:
        assert f"closest order: {e.closest[0]}" in out
    assert e.near
    for reading, why in e.near:
        assert f"near miss: {reading.description}: {why}" in out


def test_explain_with_a_fen_side():
    e = bbconv.explain("0x1000000000000000", expect_fen="8/8/8/8/8/8/8/4K3", side="K")
    assert e.exact and e.exact[0].settings == {"order": "berlef"}
    with pytest.raises(ValueError, match="size="):
        bbconv.explain("0x1", expect_fen="8/8/8/8/8/8/8/8/8/8 w - - 0 1", side="occupied")


def test_diff_says_what_the_cli_says(cli):
    d = bbconv.diff("0x70507", "0xe0a0e0")
    out = cli_text(cli, "diff", "0x70507", "0xe0a0e0")
    assert d.mappings and "flipped horizontally" in d.mappings[0]
    assert "flipped horizontally" in out
    same = bbconv.diff("0x1", "0x1")
    assert same.same
    none = bbconv.diff("0x1", "0x8000")
    assert none.only_in_a == {"board": ["a1"]} and none.only_in_b == {"board": ["h2"]}
    swapped = bbconv.diff("797979010000000000d8f2f250", "f2f2f20200000000006c797928", frm="packed")
    assert any(r.settings.get("swap") is True for r in swapped.readings)


def test_infer_fits_and_disagreements(cli):
    r = bbconv.infer([("0x1000000000000000", "e1"), ("0x1", "a8")])
    out = cli_text(cli, "infer", "0x1000000000000000\te1", "0x1\ta8")
    assert r.samples == 2 and r.fits[0].settings == {"order": "berlef"}
    assert r.fits[0].description in out
    bad = bbconv.infer(["0x10\te1", "0x1000\te2", "0x1\th8"])
    assert bad.fits == [] and bad.best.settings == {"order": "lerf"}
    assert bad.agree == 2 and bad.disagree == [2]
    with pytest.raises(bbconv.ParseError) as e:
        bbconv.infer(["0x10\te1", "0x10 e1"])
    assert e.value.index == 1 and "tab" in e.value.message
