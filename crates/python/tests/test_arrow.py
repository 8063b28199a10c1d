"""Arrow through its PyCapsule interface: every producer (pyarrow, Polars, DuckDB, nanoarrow,
pandas, a bare exporter) read in place, the same rows as a list gives; each container back as it
came; struct fields picked by name; nulls and empty or null-only chunks; no memory address
crosses from Python."""

import numpy as np
import pytest

import bbconv
from bbconv import _bbconv

from support import need

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
OTHER = "8/8/8/8/8/8/8/R6k w - - 0 1"
FENS = [START, OTHER, START, "8/8/8/8/8/8/8/K6k b - - 0 1"] * 50


class ArrayOnly:
    """An exporter of one array and nothing else (as nanoarrow's arrays and many libraries)."""

    def __init__(self, arr):
        self._arr = arr

    def __arrow_c_array__(self, requested_schema=None):
        return self._arr.__arrow_c_array__(requested_schema)


class StreamOnly:
    """An exporter of a stream and nothing else (as Polars and DuckDB)."""

    def __init__(self, arr):
        self._arr = arr

    def __arrow_c_stream__(self, requested_schema=None):
        return self._arr.__arrow_c_stream__(requested_schema)


def _packed(values, **kw):
    return bbconv.convert(values, to="packed", output="numpy", **kw)


def test_every_producer_gives_the_rows_a_list_gives():
    pa = need("pyarrow")
    pl = need("polars")
    pd = need("pandas")
    duckdb = need("duckdb")
    na = need("nanoarrow")
    want = _packed(FENS)
    chunked = pa.chunked_array([FENS[:7], [], FENS[7:]], type=pa.large_string())
    inputs = {
        "pyarrow string": pa.array(FENS),
        "pyarrow large_string": pa.array(FENS, pa.large_string()),
        "pyarrow string_view": pa.array(FENS, pa.string_view()),
        "pyarrow binary_view": pa.array([f.encode() for f in FENS], pa.binary_view()),
        "pyarrow large_binary": pa.array([f.encode() for f in FENS], pa.large_binary()),
        "pyarrow sliced": pa.array(["x"] + FENS + ["y"]).slice(1, len(FENS)),
        "pyarrow dictionary": pa.array(FENS).dictionary_encode(),
        "pyarrow chunked": chunked,
        "pyarrow table": pa.table({"fen": FENS}),
        "pyarrow record batch": pa.record_batch({"fen": FENS}),
        "polars": pl.Series("fen", FENS),
        "polars categorical": pl.Series("fen", FENS, dtype=pl.Categorical),
        "polars frame": pl.DataFrame({"fen": FENS}),
        "duckdb": duckdb.sql("select unnest($1::varchar[]) as fen", params=[FENS]),
        "nanoarrow": na.c_array(FENS, na.string()),
        "array exporter": ArrayOnly(pa.array(FENS)),
        "stream exporter": StreamOnly(chunked),
        "pandas object": pd.Series(FENS),
        "pandas string[pyarrow]": pd.Series(FENS, dtype="string[pyarrow]"),
        "pandas category": pd.Series(FENS, dtype="category"),
        "pandas ArrowDtype": pd.Series(pa.array(FENS), dtype=pd.ArrowDtype(pa.string())),
    }
    for name, values in inputs.items():
        got = _packed(values)
        assert got.shape == want.shape and (got == want).all(), name


def test_fixed_size_binary_records_are_read_whole():
    pa = need("pyarrow")
    packed = _packed(FENS)
    # Packed records may end in zero bytes (nothing on squares 60-63): all 13 are the record.
    assert packed[1][-1] == 0
    arr = pa.array([bytes(r) for r in packed], pa.binary(13))
    back = bbconv.convert(arr, frm="packed-bin", to="fen", output="list")
    assert back == bbconv.convert(packed, frm="packed", to="fen", output="list")


def test_each_container_comes_back_as_it_came():
    pa = need("pyarrow")
    pl = need("polars")
    pd = need("pandas")
    fens = [START, None, OTHER]
    s = pd.Series(fens, index=[10, 20, 30], name="board")
    out = bbconv.convert(s, to="packed", errors="null")
    assert isinstance(out, pd.Series)
    assert out.name == "board" and out.index.tolist() == [10, 20, 30]
    assert out.isna().tolist() == [False, True, False]
    assert out.dtype == pd.ArrowDtype(pa.binary(13))
    text = bbconv.convert(s, to="fen", errors="null")
    assert text.dtype == "string[pyarrow]" and text.tolist()[0] == START and pd.isna(text.tolist()[1])

    p = pl.Series("board", fens)
    packed = bbconv.convert(p, to="packed", errors="null")
    assert isinstance(packed, pl.Series) and packed.name == "board"
    assert packed.dtype == pl.Binary and packed.null_count() == 1
    pair = bbconv.convert(p, to="pair", errors="null")
    assert pair.dtype == pl.Array(pl.UInt64, 2) and pair.null_count() == 1
    assert pair[0].to_list() == bbconv.convert(START, to="pair").tolist()
    fen = bbconv.convert(p, to="fen", errors="null")
    assert fen.dtype == pl.String and fen.to_list() == [START, None, OTHER]

    a = pa.array(fens)
    assert isinstance(bbconv.convert(a, to="packed", errors="null"), pa.Array)
    c = pa.chunked_array([fens[:1], fens[1:]])
    assert isinstance(bbconv.convert(c, to="packed", errors="null"), pa.ChunkedArray)
    # A producer of another kind: a pyarrow array.
    assert isinstance(bbconv.convert(ArrayOnly(a), to="fen", errors="null"), pa.Array)
    # output= still chooses.
    arr, valid = bbconv.convert(s, to="packed", errors="null", output="numpy")
    assert arr.shape == (3, 13) and valid.tolist() == [True, False, True]


def test_struct_fields_are_picked_by_name():
    pa = need("pyarrow")
    duckdb = need("duckdb")
    rel = duckdb.sql(f"select 7 as id, '{START}' as fen, 0.5 as eval")
    with pytest.raises(ValueError, match=r"3 fields \(id, fen, eval\): pick the board's with column="):
        bbconv.convert(rel, to="packed")
    got = bbconv.convert(rel, to="packed", column="fen", output="numpy")
    assert (got == _packed([START])).all()
    with pytest.raises(ValueError, match=r"column='fenn': the Arrow data has no such field; its fields are: id, fen, eval"):
        bbconv.convert(rel, to="packed", column="fenn")
    with pytest.raises(ValueError, match="not a struct of fields"):
        bbconv.convert(pa.array([START]), to="packed", column="fen")
    with pytest.raises(TypeError, match="integers"):
        bbconv.convert(pa.array([1, 2]), to="packed")
    # A null row of a struct is a null record.
    rows = pa.array([{"fen": START}, None, {"fen": OTHER}], pa.struct([("fen", pa.string())]))
    out = bbconv.convert(pa.RecordBatch.from_struct_array(rows), to="fen", errors="null")
    assert out.to_pylist() == [START, None, OTHER]


@pytest.mark.parametrize("to", ["packed", "trits", "pair", "planes", "fen", "squares"])
def test_empty_and_null_only_chunks_for_every_output(to):
    pa = need("pyarrow")
    pd = need("pandas")
    layouts = [
        [[], [None], [START]],
        [[START], [], [None, None], [OTHER]],
        [[None], [None]],
        [[]],
    ]
    for chunks in layouts:
        flat = [v for c in chunks for v in c]
        c = pa.chunked_array(chunks, type=pa.string())
        got = bbconv.convert(c, to=to, errors="null", output="list")
        want = bbconv.convert(flat, to=to, errors="null", output="list", **({"size": "8x8"} if not any(flat) else {}))
        assert [None if v is None else v for v in got] == list(want), chunks
        s = pd.Series(c, dtype=pd.ArrowDtype(pa.string()))
        assert len(bbconv.convert(s, to=to, errors="null")) == len(flat)
    with pytest.raises(bbconv.ParseError, match="record 1: the record is null"):
        bbconv.convert(pa.chunked_array([[START], [None, START]]), to=to)


def test_missing_values_as_dataframes_hold_them():
    pd = need("pandas")
    s = pd.Series([START, None, float("nan"), pd.NA, OTHER], dtype=object)
    out = bbconv.convert(s, to="fen", errors="null")
    assert out.isna().tolist() == [False, True, True, True, False]
    with pytest.raises(bbconv.ParseError) as e:
        bbconv.convert(s, to="fen")
    assert e.value.index == 1


def test_no_function_takes_a_memory_address():
    names = [n for n in dir(_bbconv) if not n.startswith("_")]
    assert "convert_arrow" not in names
    # The capsule reader refuses what is no capsule.
    class Fake:
        def __arrow_c_array__(self, requested_schema=None):
            return (1, 2)

    with pytest.raises(TypeError, match="no capsule"):
        bbconv.convert(Fake(), to="packed")


# -- hostile review 4 -------------------------------------------------------------------------


def test_a_consumed_export_is_an_error_not_a_crash():
    pa = need("pyarrow")

    class Consumed:
        def __arrow_c_stream__(self, requested_schema=None):
            cap = pa.table({"b": [START]}).__arrow_c_stream__()
            pa.RecordBatchReader._import_from_c_capsule(cap)  # moves it out: released
            return cap

    with pytest.raises(ValueError, match="stream is released"):
        bbconv.convert(Consumed(), to="fen")

    class ConsumedArray:
        def __arrow_c_array__(self, requested_schema=None):
            s, a = pa.array([START] * 2000).__arrow_c_array__()
            pa.Array._import_from_c_capsule(s, a)
            return s, a

    with pytest.raises(ValueError, match="is released"):
        bbconv.convert(ConsumedArray(), to="fen", errors="null")


def test_a_view_past_its_buffer_is_an_error_not_a_crash():
    pa = need("pyarrow")
    v = np.zeros(4, np.int32)
    v[0], v[3] = 20, 1 << 30
    a = pa.Array.from_buffers(pa.string_view(), 1, [None, pa.py_buffer(v.tobytes()), pa.py_buffer(b"x" * 64)])
    with pytest.raises(ValueError, match="points outside its buffers"):
        bbconv.convert(a, to="fen", errors="null")


def test_pandas_values_arrow_cannot_hold_are_bad_records():
    pd = need("pandas")
    s = pd.Series([START, "\udc80", None], index=[3, 4, 5], name="b")
    out = bbconv.convert(s, to="fen", errors="null")
    assert out.tolist()[0] == START and out.isna().tolist() == [False, True, True]
    assert out.index.tolist() == [3, 4, 5] and out.name == "b"
    with pytest.raises(bbconv.ParseError) as e:
        bbconv.convert(s, to="fen")
    assert e.value.index == 1
    # A column of NaN only (read_csv's empty column) is all missing.
    nan = bbconv.convert(pd.Series([float("nan")] * 3), to="packed", errors="null")
    assert nan.isna().all()


def test_a_pandas_or_polars_frame_is_read_as_its_column():
    pd = need("pandas")
    pl = need("polars")
    df = pd.DataFrame({"id": [1, 2], "fen": [START, OTHER]}, index=[7, 8])
    with pytest.raises(ValueError, match=r"2 columns \(id, fen\): pick the board's with column="):
        bbconv.convert(df, to="fen")
    out = bbconv.convert(df, to="fen", column="fen")
    assert out.tolist() == [START, OTHER] and out.index.tolist() == [7, 8] and out.name == "fen"
    one = bbconv.convert(df[["fen"]], to="packed")
    assert isinstance(one, pd.Series) and len(one) == 2
    frame = bbconv.convert(pl.DataFrame({"fen": [START]}), to="fen")
    assert isinstance(frame, pl.Series) and frame.name == "fen"


def test_packed_arrow_reads_back_with_the_same_form():
    pa = need("pyarrow")
    packed = bbconv.convert(pa.array([START, OTHER]), to="packed")
    assert packed.type == pa.binary(13)
    assert bbconv.convert(packed, frm="packed", to="pair", output="numpy").tolist() == bbconv.convert(
        [START, OTHER], to="pair"
    ).tolist()


def test_the_first_record_not_converted_is_the_one_raised():
    pa = need("pyarrow")
    for values in ([START, None, "8/8/x"], pa.array([START, None, "8/8/x"])):
        with pytest.raises(bbconv.ParseError) as e:
            bbconv.convert(values, to="fen")
        assert e.value.index == 1 and "null" in e.value.message


def test_a_struct_with_a_duplicate_field_name_is_refused():
    pa = need("pyarrow")
    t = pa.Table.from_arrays([pa.array([START]), pa.array([OTHER])], names=["a", "a"])
    with pytest.raises(ValueError, match="2 fields named so"):
        bbconv.convert(t, to="fen", column="a")


def test_without_pyarrow_outputs_export_themselves(tmp_path):
    # Issue 37, point 2: pyarrow stays optional; without it an Arrow output is an object that
    # exports itself through the PyCapsule interface, which polars and nanoarrow read. Run in a
    # fresh interpreter in which `import pyarrow` fails.
    need("polars")
    need("nanoarrow")
    import subprocess
    import sys

    script = tmp_path / "no_pyarrow.py"
    script.write_text(
        "import sys, json\n"
        "sys.modules['pyarrow'] = None\n"
        "import bbconv, polars as pl, nanoarrow as na\n"
        f"S, O = {START!r}, {OTHER!r}\n"
        "out = {}\n"
        "for to in ['packed', 'trits', 'pair', 'planes', 'fen', 'squares']:\n"
        "    s = bbconv.convert(pl.Series('b', [S, None, O]), to=to, errors='null')\n"
        "    assert s.name == 'b', s.name\n"
        "    col = bbconv.convert([S, None, O], to=to, errors='null', output='arrow')\n"
        "    assert len(col) == 3\n"
        "    out[to] = [repr(v) for v in s.to_list()] + [repr(v) for v in na.Array(col).to_pylist()]\n"
        "print(json.dumps(out))\n"
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    import json

    got = json.loads(done.stdout)
    pl = need("polars")
    for to, values in got.items():
        want = bbconv.convert(pl.Series("b", [START, None, OTHER]), to=to, errors="null").to_list()
        assert values[:3] == [repr(v) for v in want], to
        assert values[3:] == [repr(v) for v in want], to


def test_the_exported_column_reads_in_pyarrow_as_pyarrow_s_own():
    pa = need("pyarrow")
    for to in ["packed", "pair", "planes", "fen"]:
        result = _bbconv.convert_list([START, None, OTHER], _bbconv.Settings("fen", to, jobs=1), False)
        data, ends, valid, *_ = result
        kind, width = {
            "packed": ("binary", 13), "pair": ("words", 2), "planes": ("words", 12), "fen": ("text", 0)
        }[to]
        col = _bbconv.arrow_column(kind, data, ends, bytes(valid), width)
        got = pa.array(col)
        want = bbconv.convert([START, None, OTHER], to=to, errors="null", output="arrow")
        assert got.to_pylist() == want.to_pylist(), to
        del col
        assert got.to_pylist() == want.to_pylist(), to  # the export keeps its buffers alive




def test_a_broken_export_is_an_error_not_a_crash():
    # Hostile review 5: offsets that go back across the piece boundary, a missing buffer, an
    # offset and a length that overflow: each an error before anything is read.
    pa = need("pyarrow")
    na = need("nanoarrow")
    n = (1 << 20) + 1
    offs = np.zeros(n + 1, np.int32)
    offs[1 << 20] = 1 << 30
    a = pa.Array.from_buffers(pa.string(), n, [None, pa.py_buffer(offs.tobytes()), pa.py_buffer(b"")])
    with pytest.raises(ValueError, match="no range"):
        bbconv.convert(a, frm="hex", size="8x8", errors="null")
    missing = na.c_array_from_buffers(na.string(), 2, [None, None, b"8/8"], validation_level="none")
    with pytest.raises(ValueError, match="buffer 1 of an array of \"u\" is missing"):
        bbconv.convert(missing, to="fen", errors="null")


def test_arrow_column_refuses_buffers_that_do_not_hold_its_records():
    # Hostile review 6: offsets that do not run from 0 to the data's end, sizes that overflow,
    # widths Arrow cannot hold: each a ValueError, never a column a consumer reads past.
    r = _bbconv.convert_list([START, OTHER, START], _bbconv.Settings("fen", "hex", layer="first", jobs=1), False)
    data = r[0]
    fens = _bbconv.convert_list([START, OTHER, START], _bbconv.Settings("fen", "fen", jobs=1), False)
    for args in (
        ("text", data, fens[1], b"\1\1\1", 0),
        ("binary", data, None, b"\1\1", 2**63 + 13),
        ("words", data, None, b"\1", 2**61 + 2),
        ("binary", data, None, b"", 0),
        ("binary", data, None, b"\1", 2**40),
    ):
        with pytest.raises(ValueError, match="do not hold its records"):
            _bbconv.arrow_column(*args)


def test_word_lists_read_back_with_the_same_form():
    # Hostile review 6: the Arrow output of to="pair" and to="planes" (fixed-size lists of
    # uint64) reads back with frm="pair" and frm="planes", as their numpy arrays do.
    pa = need("pyarrow")
    pl = need("polars")
    values = [START, None, OTHER]
    for to, back in (("pair", "squares"), ("planes", "fen")):
        want = bbconv.convert(values, to=back, errors="null", output="list")
        if back == "fen":
            want = [w.split()[0] if w else None for w in want]
        col = bbconv.convert(pa.array(values), to=to, errors="null")
        assert bbconv.convert(col, frm=to, to=back, errors="null", output="list") == want, to
        series = bbconv.convert(pl.Series("x", values), to=to, errors="null")
        assert bbconv.convert(series, frm=to, to=back, errors="null", output="list") == want, to
    odd = pa.FixedSizeListArray.from_arrays(pa.array([1, 2, 3], pa.uint64()), 3)
    with pytest.raises(ValueError, match="lists of 2K 64-bit words"):
        bbconv.convert(odd, frm="pair", to="squares")
