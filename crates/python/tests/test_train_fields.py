"""The trainers' records from Python beyond their positions: BinaryFen as raw bytes in every
container, and the training fields (score, result, move, ply; White's point of view) given as
arrays aligned with the records (``train={...}``) and taken back (``train=True``), as the
command line's JSON ``train`` member has them."""
import json
import pathlib

import numpy as np
import pyarrow as pa
import pytest

import bbconv
from support import need, run_cli

FIXTURES = pathlib.Path(__file__).resolve().parents[3] / "fixtures" / "train"
SOURCE = [line.split(";") for line in (FIXTURES / "source.txt").read_text().splitlines()][:19]
FENS = [s[0] for s in SOURCE]
#: The fixtures' fields (White's view), no ply: the forms derive theirs from the FEN.
FIELDS = {
    "score": [int(s[1]) for s in SOURCE],
    "result": [int(s[2]) for s in SOURCE],
    "move": [s[3] or None for s in SOURCE],
}
FORMS = ["sf-bin", "sf-compressed", "marlin", "bullet", "sf-plain", "binary-fen"]
#: The fields each form holds.
HELD = {
    "sf-bin": {"score", "result", "move", "ply"},
    "sf-plain": {"score", "result", "move", "ply"},
    "marlin": {"score", "result"},
    "bullet": {"score", "result"},
    "sf-compressed": set(),
    "binary-fen": set(),
}
HEX = (FIXTURES / "binary-fen.hex").read_text().split()[:19]
RAW = [bytes.fromhex(h) for h in HEX]


def cli_records(cli, form, fens, fields):
    """The command line's records of `form` from JSON lines with a `train` member, as bytes
    (one after the other; sf-plain's records and binary-fen's hex one a line, as it writes)."""
    lines = []
    for i, fen in enumerate(fens):
        train = {k: v[i] for k, v in fields.items() if v[i] is not None}
        lines.append(json.dumps({"fen": fen, "train": train}))
    return run_cli(cli, ["-f", "json", "-t", form], ("\n".join(lines) + "\n").encode())


def joined(form, records):
    """Python's records of `form` as the command line writes them."""
    if form == "sf-plain":
        return "".join(r + "\n" for r in records).encode()
    if form == "binary-fen":
        return b"".join(r.hex().encode() + b"\n" for r in records)
    return b"".join(bytes(r) for r in records)


# -- BinaryFen as raw bytes ----------------------------------------------------------------


def test_binary_fen_writes_raw_bytes_in_every_container(cli):
    pd, pl = need("pandas"), need("polars")
    assert bbconv.convert(FENS, to="binary-fen") == RAW
    # The command line's records are the same bytes, as hex one a line.
    assert run_cli(cli, ["-f", "fen", "-t", "binary-fen"], ("\n".join(FENS) + "\n").encode()).split() == [h.encode() for h in HEX]
    arr = bbconv.convert(np.array(FENS), to="binary-fen")
    assert arr.dtype == object and list(arr) == RAW
    arrow = bbconv.convert(pa.array(FENS), to="binary-fen")
    assert arrow.type == pa.binary() and arrow.to_pylist() == RAW
    assert bbconv.convert(FENS, to="binary-fen", output="arrow").to_pylist() == RAW
    series = bbconv.convert(pd.Series(FENS, index=range(5, 24), name="b"), to="binary-fen")
    assert series.dtype == pd.ArrowDtype(pa.binary()) and list(series) == RAW
    assert list(series.index) == list(range(5, 24)) and series.name == "b"
    polars = bbconv.convert(pl.Series("b", FENS), to="binary-fen")
    assert polars.dtype == pl.Binary and polars.to_list() == RAW and polars.name == "b"
    assert bbconv.convert(FENS[0], to="binary-fen") == RAW[0]
    out, valid = bbconv.convert(FENS[:2] + ["8/8/x"], to="binary-fen", errors="null", output="numpy")
    assert list(out) == RAW[:2] + [None] and valid.tolist() == [True, True, False]


def test_binary_fen_reads_raw_bytes_from_every_container(cli):
    pd, pl = need("pandas"), need("polars")
    expected = run_cli(cli, ["-f", "binary-fen", "-t", "fen"], ("\n".join(HEX) + "\n").encode()).decode().splitlines()
    assert bbconv.convert(RAW, frm="binary-fen", to="fen") == expected
    for arrow in (pa.array(RAW, pa.binary()), pa.array(RAW, pa.large_binary()), pa.array(RAW, pa.binary_view())):
        assert bbconv.convert(arrow, frm="binary-fen", to="fen").to_pylist() == expected
    assert bbconv.convert(pa.chunked_array([RAW[:7], RAW[7:]]), frm="binary-fen", to="fen").to_pylist() == expected
    assert list(bbconv.convert(np.array(RAW, dtype=object), frm="binary-fen", to="fen")) == expected
    # A numpy bytes array pads with NULs; a record never ends in one (trailing zeros are trimmed).
    assert list(bbconv.convert(np.array(RAW, dtype="S"), frm="binary-fen", to="fen")) == expected
    assert list(bbconv.convert(pd.Series(RAW), frm="binary-fen", to="fen")) == expected
    assert bbconv.convert(pl.Series(RAW), frm="binary-fen", to="fen").to_list() == expected
    assert bbconv.convert(RAW[1], frm="binary-fen", to="fen") == expected[1]
    # Round trip: raw bytes out, raw bytes in.
    assert bbconv.convert(bbconv.convert(FENS, to="binary-fen"), frm="binary-fen", to="binary-fen") == RAW


def test_binary_fen_hex_text_is_still_read_as_a_str():
    expected = bbconv.convert(RAW, frm="binary-fen", to="fen")
    assert bbconv.convert(HEX, frm="binary-fen", to="fen") == expected
    assert bbconv.convert(pa.array(HEX), frm="binary-fen", to="fen").to_pylist() == expected
    assert list(bbconv.convert(np.array(HEX), frm="binary-fen", to="fen")) == expected
    with pytest.raises(TypeError, match="not both"):
        bbconv.convert([RAW[0], HEX[1]], frm="binary-fen", to="fen")


def test_bad_raw_binary_fen_is_a_bad_record():
    with pytest.raises(bbconv.ParseError) as e:
        bbconv.convert([RAW[0], b"\xff\xff"], frm="binary-fen", to="fen")
    assert e.value.index == 1
    out, valid = bbconv.convert([RAW[0], b"\xff\xff", None], frm="binary-fen", to="fen", errors="null", output="numpy")
    assert valid.tolist() == [True, False, False]


# -- Training fields given -----------------------------------------------------------------


@pytest.mark.parametrize("form", FORMS)
def test_fields_given_are_the_command_lines_train_member(cli, form):
    records = bbconv.convert(FENS, to=form, train=FIELDS, output="list")
    assert joined(form, records) == cli_records(cli, form, FENS, FIELDS)
    # Without fields, none is written: the records differ where a form holds any.
    plain = bbconv.convert(FENS, to=form, output="list")
    assert (plain == records) == (not HELD[form])


@pytest.mark.parametrize("form,file", [("marlin", "marlin.bin"), ("bullet", "bullet.bin")])
def test_fields_given_write_the_references_records(form, file):
    rows = bbconv.convert(FENS, to=form, train=FIELDS)
    assert bytes(rows) == (FIXTURES / file).read_bytes()[: 19 * 32]


@pytest.mark.parametrize("form", FORMS)
def test_fields_round_trip_through_every_form(cli, form):
    fields = dict(FIELDS, ply=[2 * i + 1 for i in range(len(FENS))])
    records = bbconv.convert(FENS, to=form, train=fields, output="list")
    boards, taken = bbconv.convert(records, frm=form, to="fen", train=True, output="list")
    assert len(boards) == len(FENS)
    for name in ("score", "result", "move", "ply"):
        if name in HELD[form] and form == "bullet":
            # Bullet holds the side to move's view (a Black-to-move position reads back
            # mirrored, White to move): White-to-move records keep their fields.
            white = [" w " in fen for fen in FENS]
            assert [t for t, w in zip(taken[name], white) if w] == [f for f, w in zip(fields[name], white) if w]
        elif name in HELD[form]:
            assert taken[name] == fields[name], (form, name)
        elif name != "ply" or form not in ("sf-bin", "sf-plain"):
            assert taken[name] == [None] * len(FENS), (form, name)
    # As the command line's JSON train member reads them.
    stdin = joined(form, records)
    lines = run_cli(cli, ["-f", form, "-t", "json"], stdin).decode().splitlines()
    members = [json.loads(line).get("train", {}) for line in lines]
    for name in ("score", "result", "move", "ply"):
        assert taken[name] == [m.get(name) for m in members], (form, name)


def test_fields_given_in_every_container():
    pd, pl = need("pandas"), need("polars")
    expected = bbconv.convert(FENS[:3], to="sf-bin", train={"score": [5, None, -7], "ply": [1, None, 3], "move": ["e2e4", None, "c7c5"]})
    scores = [5, None, -7]
    for score in (
        scores,
        np.array([5, np.nan, -7]),
        np.ma.MaskedArray([5, 0, -7], mask=[False, True, False]),
        pa.array(scores, pa.int16()),
        pa.chunked_array([[5], [None, -7]]),
        pd.Series(scores, dtype="Int64"),
        pd.Series([5.0, np.nan, -7.0]),
        pl.Series(scores),
    ):
        fields = {"score": score, "ply": np.array([1, 0, 3], dtype=np.uint32), "move": ["e2e4", None, "c7c5"]}
        fields["ply"] = np.ma.MaskedArray(fields["ply"], mask=[False, True, False])
        got = bbconv.convert(FENS[:3], to="sf-bin", train=fields)
        assert (got == expected).all(), type(score)
    frame = pd.DataFrame({"score": pd.Series(scores, dtype="Int64"), "ply": [1, None, 3], "move": ["e2e4", None, "c7c5"]})
    assert (bbconv.convert(FENS[:3], to="sf-bin", train=frame) == expected).all()
    assert (bbconv.convert(FENS[:3], to="sf-bin", train=pl.from_pandas(frame)) == expected).all()
    struct = pa.StructArray.from_arrays([pa.array(scores), pa.array([1, None, 3]), pa.array(["e2e4", None, "c7c5"])], names=["score", "ply", "move"])
    assert (bbconv.convert(FENS[:3], to="sf-bin", train=struct) == expected).all()
    assert (bbconv.convert(FENS[:3], to="sf-bin", train=pa.table({"score": scores, "ply": [1, None, 3], "move": ["e2e4", None, "c7c5"]})) == expected).all()
    # The fields taken, as an Arrow struct, are given back as they are.
    rows = bbconv.convert(pa.array([bytes(r) for r in expected], pa.binary(40)), frm="sf-bin", to="fen", train=True)
    assert (bbconv.convert(FENS[:3], to="sf-bin", train=rows[1]) == expected).all()
    # One board, its fields as values.
    assert (bbconv.convert(FENS[0], to="sf-bin", train={"score": 5, "ply": 1, "move": "e2e4"}) == expected[0]).all()


def test_fields_missing_keep_the_records_own():
    rows = bbconv.convert(FENS[:2], to="sf-bin", train=FIELDS and {k: v[:2] for k, v in FIELDS.items()})
    again = bbconv.convert(rows, frm="sf-bin", to="sf-bin", train={"score": [None, 99]})
    _, taken = bbconv.convert(again, frm="sf-bin", to="fen", train=True, output="list")
    assert taken["score"] == [FIELDS["score"][0], 99]
    assert taken["result"] == FIELDS["result"][:2] and taken["move"] == FIELDS["move"][:2]


# -- Training fields taken -----------------------------------------------------------------


def test_fields_taken_in_every_container():
    pd, pl = need("pandas"), need("polars")
    rows = bbconv.convert(FENS, to="marlin", train=FIELDS)
    boards, fields = bbconv.convert(rows, frm="marlin", to="fen", train=True)
    assert list(boards) == FENS
    assert fields["score"].dtype == np.int32 and fields["result"].dtype == np.int8
    assert fields["ply"].dtype == np.uint32 and fields["move"].dtype == object
    assert fields["score"].tolist() == FIELDS["score"] and fields["result"].tolist() == FIELDS["result"]
    assert fields["ply"].mask.all() and list(fields["move"]) == [None] * len(FENS)
    arrow = pa.array([bytes(r) for r in rows], pa.binary(32))
    boards, struct = bbconv.convert(arrow, frm="marlin", to="fen", train=True)
    assert struct.type == pa.struct([("score", pa.int32()), ("result", pa.int8()), ("move", pa.string()), ("ply", pa.uint32())])
    assert struct.field("score").to_pylist() == FIELDS["score"] and struct.field("ply").null_count == len(FENS)
    series = pd.Series([bytes(r) for r in rows], index=range(100, 119))
    boards, frame = bbconv.convert(series, frm="marlin", to="fen", train=True)
    assert list(frame.index) == list(range(100, 119)) and frame["score"].tolist() == FIELDS["score"]
    assert frame["score"].dtype == pd.ArrowDtype(pa.int32())
    boards, frame = bbconv.convert(pl.Series([bytes(r) for r in rows]), frm="marlin", to="fen", train=True)
    assert frame["score"].to_list() == FIELDS["score"] and frame.schema["ply"] == pl.UInt32
    board, one = bbconv.convert(bytes(rows[1]), frm="marlin", to="fen", train=True)
    assert board == FENS[1] and one == {"score": -35, "result": -1, "move": None, "ply": None}
    # JSON's train member is read as any record's fields.
    _, taken = bbconv.convert(['{"fen":"4k3/8/8/8/8/8/8/4K3 w - - 0 1","train":{"ply":4}}'], frm="json", to="fen", train=True, output="list")
    assert taken == {"score": [None], "result": [None], "move": [None], "ply": [4]}


def test_fields_of_records_not_converted_are_missing():
    rows = bbconv.convert(FENS[:2], to="sf-bin", train={k: v[:2] for k, v in FIELDS.items()})
    rows[1, :] = 0xFF
    (boards, valid), fields = bbconv.convert(rows, frm="sf-bin", to="fen", train=True, errors="null", output="numpy")
    assert valid.tolist() == [True, False]
    assert fields["score"].mask.tolist() == [False, True] and list(fields["move"]) == ["e2e4", None]


def test_fields_in_large_batches_stay_aligned():
    # Several threads, blocks of a list read while others convert, Arrow in pieces.
    n = 50_000
    fens = [FENS[i % 19] for i in range(n)]
    score = np.arange(n, dtype=np.int64) - n // 2
    for values in (fens, pa.chunked_array([fens[:20_001], fens[20_001:]])):
        rows = bbconv.convert(values, to="marlin", train={"score": score}, jobs=2)
        rows = rows.to_numpy(zero_copy_only=False) if hasattr(rows, "to_numpy") else rows
        rows = np.stack([np.frombuffer(r, np.uint8) for r in rows]) if rows.dtype == object else rows
        _, fields = bbconv.convert(rows, frm="marlin", to="fen", train=True, jobs=2)
        assert (fields["score"].data == score).all()


# -- Errors ----------------------------------------------------------------------------------


def test_fields_that_do_not_fit_are_errors():
    with pytest.raises(ValueError, match="2 values, the batch 3 records"):
        bbconv.convert(FENS[:3], to="sf-bin", train={"score": [1, 2]})
    with pytest.raises(ValueError, match="'ply' has 3 values"):
        bbconv.convert(FENS[:3], to="sf-bin", train={"score": [1, 2], "ply": [1, 2, 3]})
    with pytest.raises(ValueError, match="no field 'scores'"):
        bbconv.convert(FENS[:3], to="sf-bin", train={"scores": [1, 2, 3]})
    with pytest.raises(TypeError, match="expected integers"):
        bbconv.convert(FENS[:3], to="sf-bin", train={"score": ["1", "2", "3"]})
    with pytest.raises(TypeError, match="expected integers"):
        bbconv.convert(FENS[:3], to="sf-bin", train={"score": [1.5, 2, 3]})
    with pytest.raises(TypeError, match="expected integers"):
        bbconv.convert(FENS[:3], to="sf-bin", train={"result": np.array([True, False, True])})
    with pytest.raises(TypeError, match="UCI moves as str"):
        bbconv.convert(FENS[:3], to="sf-bin", train={"move": [1, 2, 3]})
    with pytest.raises(TypeError, match="train= takes True"):
        bbconv.convert(FENS[:3], to="sf-bin", train=[1, 2, 3])


@pytest.mark.parametrize(
    "form,fields,message",
    [
        ("sf-bin", {"result": [0, 2, 0]}, 'train: result: found "2": expected an integer from -1 to 1'),
        ("marlin", {"score": [0, 40_000, 0]}, "score 40000 does not fit 16 bits"),
        ("bullet", {"score": [0, -40_000, 0]}, "past 16 bits"),
        ("sf-bin", {"score": [0, 2**40, 0]}, "train: score: found"),
        ("sf-plain", {"move": ["e2e4", "e2e9", None]}, 'train: move: found "e2e9": expected a UCI move'),
        ("sf-bin", {"ply": [0, -1, 0]}, "train: ply: found"),
    ],
)
def test_values_out_of_range_are_bad_records(cli, form, fields, message):
    with pytest.raises(bbconv.ParseError) as e:
        bbconv.convert(FENS[:3], to=form, train=fields)
    assert e.value.index == 1 and message in e.value.message
    out, valid = bbconv.convert(FENS[:3], to=form, train=fields, errors="null", output="list"), None
    assert out[1] is None and out[0] is not None and out[2] is not None


def test_fields_of_mixed_or_huge_values_are_refused_as_given():
    """Each value is judged as it was given: an int beside a str is no move, a bool is no
    integer (in a list as in an array), a mixed pandas column is a TypeError, and a value past
    64 bits is named as it is, not clamped."""
    pd = need("pandas")
    with pytest.raises(TypeError, match="holds 3"):
        bbconv.convert(FENS[:2], to="sf-bin", train={"move": ["e2e4", 3]})
    with pytest.raises(TypeError, match="holds True"):
        bbconv.convert(FENS[:2], to="sf-bin", train={"score": [True, 1]})
    with pytest.raises(TypeError, match="holds 'x'"):
        bbconv.convert(FENS[:2], to="sf-bin", train={"score": pd.Series([1, "x"], dtype=object)})
    with pytest.raises(ValueError, match=f"holds {2**70}: no field takes a value past 64 bits"):
        bbconv.convert(FENS[:2], to="sf-bin", train={"score": [2**70, 1]})
    with pytest.raises(ValueError, match=f"holds {2**64 - 1}"):
        bbconv.convert(FENS[:1], to="sf-bin", train={"score": pa.array([2**64 - 1], pa.uint64())})
    with pytest.raises(ValueError, match="past 64 bits"):
        bbconv.convert(FENS[:2], to="sf-bin", train={"score": np.array([1e30, 2.0])})


def test_pandas_fields_go_with_the_boards_index():
    """Fields are aligned by position: a pandas field with another index than the boards' is a
    ValueError (not a silent reordering); the same index is taken."""
    pd = need("pandas")
    boards = pd.Series(FENS[:3], index=[10, 20, 30])
    with pytest.raises(ValueError, match="another index than the boards"):
        bbconv.convert(boards, to="sf-bin", train=pd.DataFrame({"score": [5, 6, 7]}, index=[30, 20, 10]))
    same = bbconv.convert(boards, to="sf-bin", train=pd.DataFrame({"score": [5, 6, 7]}, index=[10, 20, 30]))
    assert len(same) == 3


def test_a_move_that_is_no_text_is_a_bad_record():
    """A lone surrogate in a move is no text: a bad record naming it, a null under errors="null"."""
    fields = {"move": ["e2e4", "e2e4\udcff", None]}
    with pytest.raises(bbconv.ParseError) as e:
        bbconv.convert(FENS[:3], to="sf-bin", train=fields)
    assert e.value.index == 1 and "move" in e.value.message
    out = bbconv.convert(FENS[:3], to="sf-bin", train=fields, errors="null", output="list")
    assert out[1] is None and out[0] is not None
