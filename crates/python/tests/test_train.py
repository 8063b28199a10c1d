"""The trainers' fixed-size forms from Python: uint8 rows of their record size, Arrow
fixed-size binary, and back to the same positions."""
import pathlib

import numpy as np
import pyarrow as pa
import pytest

import bbconv

FIXTURES = pathlib.Path(__file__).resolve().parents[3] / "fixtures" / "train"
FENS = [line.split(";")[0] for line in (FIXTURES / "source.txt").read_text().splitlines()][:19]
REFERENCE_READ = [line.split(";")[0] for line in (FIXTURES / "sf.bin.read.txt").read_text().splitlines()][:19]


@pytest.mark.parametrize("form,size", [("sf-bin", 40), ("sf-compressed", 24), ("marlin", 32), ("bullet", 32)])
def test_fixed_size_rows_both_ways(form, size):
    rows = bbconv.convert(FENS, frm="fen", to=form)
    assert rows.shape == (len(FENS), size) and rows.dtype == np.uint8
    # The same bytes as the command line's records.
    assert bytes(rows) == b"".join(bbconv.convert(FENS, frm="fen", to=form, output="list"))
    arrow = bbconv.convert(pa.array(FENS), frm="fen", to=form)
    assert arrow.type == pa.binary(size)
    back = bbconv.convert(rows, frm=form, to="fen")
    again = bbconv.convert(arrow, frm=form, to="fen")
    assert list(back) == again.to_pylist()
    if form == "marlin":
        assert list(back) == FENS
    elif form == "sf-bin":
        # An en passant square no pawn can take is dropped, as Stockfish drops it.
        assert list(back) == REFERENCE_READ
    else:
        # No clocks (sf-compressed) or the side to move's view (bullet): the placements of
        # White-to-move positions agree.
        for fen, b in zip(FENS, back):
            if " w " in fen:
                assert b.split()[0] == fen.split()[0]


def test_reference_records_read_as_the_reference_reads_them():
    rows = np.frombuffer((FIXTURES / "sf.bin").read_bytes()[: 19 * 40], dtype=np.uint8).reshape(19, 40)
    assert list(bbconv.convert(rows, frm="sf-bin", to="fen")) == REFERENCE_READ
