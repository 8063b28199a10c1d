"""bbconv.convert against the command line, python-chess and itself, for every kind of input."""

import os
import subprocess
import threading
import time

import numpy as np
import pytest

import bbconv
from support import need, run_cli

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
LETTERS = "PNBRQKpnbrqk"


def lines(fens):
    return ("\n".join(fens) + "\n").encode()


# -- independent vectors -----------------------------------------------------------------------


def test_sides_and_planes_are_python_chess_values(reference):
    fens = [f for f, _ in reference]
    pair = bbconv.convert(fens, to="pair")
    planes = bbconv.convert(fens, to="planes")
    for k, (_, words) in enumerate(reference):
        assert pair[k].tolist() == words[:2]
        assert planes[k].tolist() == words[2:]


def test_random_games_match_python_chess(positions):
    chess = need("chess")
    fens, boards = positions
    pair = bbconv.convert(fens, to="pair")
    bits = bbconv.convert(fens, to="planes", bits=True)
    trits = bbconv.convert(fens, to="trits")
    for k in range(0, len(fens), 97):
        b = boards[k]
        assert pair[k].tolist() == [b.occupied_co[chess.WHITE], b.occupied_co[chess.BLACK]]
        for p, letter in enumerate(LETTERS):
            piece = chess.Piece.from_symbol(letter)
            mask = b.pieces_mask(piece.piece_type, piece.color)
            for sq in range(64):
                assert bits[k, p, sq // 8, sq % 8] == bool(mask >> sq & 1)
        for sq in range(64):
            color = b.color_at(sq)
            want = 0 if color is None else (1 if color == chess.WHITE else 2)
            assert trits[k, sq] == want


def test_the_seed_article_packing_example():
    # Five trits 1,0,2,0,0 (first trit least significant) pack to 1 + 2*9 = 19.
    packed = bbconv.convert("10200", frm="trits", to="packed", size="5x1")
    assert packed.tolist() == [19]


# -- the command line's bytes ------------------------------------------------------------------


@pytest.mark.parametrize(
    "to, cli_to",
    [("packed", "packed-bin"), ("trits", "trits-bin"), ("planes", "planes-bin")],
)
def test_fixed_outputs_are_the_cli_binary_forms(positions, cli, to, cli_to):
    fens, _ = positions
    got = bbconv.convert(fens, to=to)
    assert got.tobytes() == run_cli(cli, ["-f", "fen", "-t", cli_to], lines(fens))


@pytest.mark.parametrize("to", ["squares", "json", "edax", "base3", "grid", "pieces", "packed-hex", "pair", "fen"])
def test_text_outputs_are_the_cli_lines(positions, cli, to):
    fens = positions[0][:2000]
    got = bbconv.convert(fens, to=to)
    cli_to = "packed" if to == "packed-hex" else to
    if to == "pair":
        got = bbconv.convert(fens, to="pair", output="list")
        got = ["0x%016x 0x%016x" % tuple(p) for p in got]
    want = run_cli(cli, ["-f", "fen", "-t", cli_to], lines(fens)).decode()
    if to == "grid":
        assert "\n".join(got) + "\n" == want.replace("\n\n", "\n") or "\n\n".join(got) == want.strip("\n")
    else:
        assert got == want.splitlines()


def test_options_are_the_cli_options(positions, cli):
    fens = positions[0][:500]
    got = bbconv.convert(fens, to="squares", swap=True, layer="occupied", to_order="lefr")
    want = run_cli(
        cli, ["-f", "fen", "-t", "squares", "--swap", "--layer", "occupied", "--to-order", "lefr"], lines(fens)
    )
    assert got == want.decode().splitlines()
    got = bbconv.convert(fens, to="packed", digits="msd", digit_map="201")
    want = run_cli(cli, ["-f", "fen", "-t", "packed-bin", "--digits", "msd", "--digit-map", "201"], lines(fens))
    assert got.tobytes() == want
    got = bbconv.convert(fens, to="planes", planes="kqrbnpKQRBNP")
    assert got.tobytes() == run_cli(cli, ["-f", "fen", "-t", "planes-bin", "--planes", "kqrbnpKQRBNP"], lines(fens))
    with pytest.raises(bbconv.ParseError, match="planes="):
        bbconv.convert(fens, to="planes", planes="KkQq")


# -- round trips -------------------------------------------------------------------------------


def test_packed_and_trits_arrays_read_back(positions):
    fens = positions[0]
    pair = bbconv.convert(fens, to="pair")
    packed = bbconv.convert(fens, to="packed")
    assert (bbconv.convert(packed, frm="packed", to="pair") == pair).all()
    trits = bbconv.convert(fens, to="trits")
    assert (bbconv.convert(trits, frm="trits", to="packed") == packed).all()
    planes = bbconv.convert(fens, to="planes")
    assert (bbconv.convert(planes, frm="planes", to="pair") == pair).all()
    assert (bbconv.convert(pair, frm="pair", to="packed") == packed).all()
    back = bbconv.convert(planes, frm="planes", to="fen")
    assert [f.split(" ")[0] for f in back] == [f.split(" ")[0] for f in fens]


def test_boards_past_64_squares_use_more_words():
    go = "SZ[19]AB[aa][ss]AW[dd]"
    pair = bbconv.convert([go], frm="sgf", to="pair")
    assert pair.shape == (1, 2, 6)
    assert pair[0, 0, 0] == 1 << (18 * 19) % 64 or pair[0, 0].any()
    packed = bbconv.convert([go], frm="sgf", to="packed")
    assert packed.shape == (1, 73)
    back = bbconv.convert(packed, frm="packed", to="pair", size="19x19")
    assert (back == pair).all()
    assert (bbconv.convert(pair, frm="pair", to="packed", size="19x19") == packed).all()


# -- containers --------------------------------------------------------------------------------


def test_every_container_gives_the_same_rows(positions):
    pa = need("pyarrow")
    pl = need("polars")
    pd = need("pandas")
    fens = positions[0][:3000]
    want = bbconv.convert(fens, to="packed")
    inputs = {
        "tuple": tuple(fens),
        "bytes": [f.encode() for f in fens],
        "numpy U": np.array(fens),
        "numpy S": np.array(fens, dtype="S"),
        "numpy object": np.array(fens, dtype=object),
        "arrow string": pa.array(fens, pa.string()),
        "arrow large": pa.array(fens, pa.large_string()),
        "arrow view": pa.array(fens, pa.string_view()),
        "arrow binary": pa.array([f.encode() for f in fens], pa.binary()),
        "arrow sliced": pa.array(["x"] + fens, pa.string()).slice(1),
        "arrow chunked": pa.chunked_array([fens[:1000], fens[1000:]]),
        "polars": pl.Series("fen", fens),
        "pandas": pd.Series(fens),
    }
    for name, values in inputs.items():
        got = bbconv.convert(values, to="packed", output="numpy")
        assert (got == want).all(), name


def test_default_outputs_follow_the_input():
    pa = need("pyarrow")
    assert isinstance(bbconv.convert([START], to="packed"), np.ndarray)
    assert bbconv.convert([START], to="squares") == [bbconv.convert(START, to="squares")]
    arr = bbconv.convert(pa.array([START]), to="packed")
    assert arr.type == pa.binary(13)
    planes = bbconv.convert(pa.array([START]), to="planes")
    assert planes.type == pa.list_(pa.uint64(), 12)
    text = bbconv.convert(pa.array([START]), to="fen")
    assert text.to_pylist() == [START]
    assert isinstance(bbconv.convert(np.array([START]), to="fen"), np.ndarray)


def test_one_board_gives_one_row():
    assert bbconv.convert(START, to="packed").shape == (13,)
    assert bbconv.convert(START, to="planes", bits=True).shape == (12, 8, 8)
    assert bbconv.convert(START, to="fen") == START


# -- errors ------------------------------------------------------------------------------------


def test_a_bad_record_raises_with_its_index_and_column():
    fens = [START] * 5 + ["rnbqkbnr/pppp?ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
    with pytest.raises(bbconv.ParseError) as e:
        bbconv.convert(fens, to="packed")
    assert e.value.index == 5
    assert e.value.column == 14
    assert isinstance(e.value, ValueError)
    assert "record 5, column 14" in str(e.value)


def test_a_parse_error_survives_pickle():
    import pickle

    fens = [START, "rnbqkbnr/pppp?ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
    with pytest.raises(bbconv.ParseError) as e:
        bbconv.convert(fens, to="packed")
    back = pickle.loads(pickle.dumps(e.value))
    assert type(back) is bbconv.ParseError
    assert (back.index, back.column, back.message) == (e.value.index, e.value.column, e.value.message)
    assert str(back) == str(e.value)


def _convert_one(fen):
    return bbconv.convert([fen], to="packed").tobytes()


def test_a_pool_over_a_bad_record_reports_its_parse_error():
    # A worker's exception comes back pickled: before ParseError could be, the pool hung.
    import multiprocessing

    bad = "rnbqkbnr/pppp?ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        result = pool.map_async(_convert_one, [START, bad])
        with pytest.raises(bbconv.ParseError) as e:
            result.get(timeout=120)
    assert (e.value.index, e.value.column) == (0, 14)


def test_hints_name_python_keywords():
    with pytest.raises(bbconv.ParseError, match="lenient=True"):
        bbconv.convert("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR", to="packed")
    with pytest.raises(ValueError, match="letters="):
        bbconv.convert(START, to="fen", letters="xy")
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        bbconv.convert(START, colour="white")
    with pytest.raises(ValueError, match="frm="):
        bbconv.convert(START, frm="fenn")


def test_errors_null_keeps_every_row_in_place():
    pa = need("pyarrow")
    fens = [START, "bad", None, START]
    arr, valid = bbconv.convert(fens, to="packed", errors="null")
    assert valid.tolist() == [True, False, False, True]
    assert arr.shape == (4, 13) and not arr[1].any() and not arr[2].any()
    assert (arr[0] == arr[3]).all()
    assert bbconv.convert(fens, to="fen", errors="null") == [START, None, None, START]
    out = bbconv.convert(pa.array(fens), to="packed", errors="null")
    assert out.null_count == 2 and out.is_valid().to_pylist() == [True, False, False, True]


def test_a_size_found_names_the_record_that_set_it():
    # Issue 37, point 4: without size=, the message names the record whose board set the size,
    # not "the size given", in a batch on one thread and in one read a block at a time (a null
    # before it would be the first record not converted, and raised as such).
    big = "8/8/8/8/8/8/8/8/8/8 w - - 0 1"
    for fens, at, by in (([START, START, big], 2, 0), ([START] * 30_000 + [big], 30_000, 0)):
        with pytest.raises(bbconv.ParseError) as e:
            bbconv.convert(fens, to="packed", jobs=2)
        assert e.value.index == at
        assert e.value.message == (
            f"the board is 8x10, but this batch's boards are 8x8 (set by record {by}, the first "
            'that converts): a batch holds boards of one size; name the size with size="WxH"'
        )
    with pytest.raises(bbconv.ParseError, match=r"for the size given \(8x8\)"):
        bbconv.convert([START, big], to="packed", size="8x8")


def test_a_board_of_another_size_is_a_bad_record():
    fens = [START, "8/8/8/8/8/8/8/8/8/8 w - - 0 1"]
    with pytest.raises(bbconv.ParseError) as e:
        bbconv.convert(fens, to="packed")
    assert e.value.index == 1
    arr, valid = bbconv.convert(fens[::-1], to="fen", errors="null", output="numpy")
    assert valid.tolist() == [True, False]


# -- threads and interruption ------------------------------------------------------------------


def test_jobs_give_the_same_bytes(positions):
    fens = positions[0] * 5
    one = bbconv.convert(fens, to="planes", jobs=1)
    many = bbconv.convert(fens, to="planes", jobs=4)
    assert one.tobytes() == many.tobytes()
    assert bbconv.convert(fens, to="squares", jobs=3) == bbconv.convert(fens, to="squares", jobs=1)


def test_the_gil_is_released_while_converting():
    # Python code runs beside a long conversion only if the GIL is free: the longest pause of
    # this loop is then far shorter than the conversion (with the GIL held, it is all of it).
    pa = need("pyarrow")
    fens = pa.array([START] * 4_000_000)
    done = threading.Event()
    worker = threading.Thread(target=lambda: (bbconv.convert(fens, to="planes", jobs=1), done.set()))
    began = last = time.monotonic()
    worker.start()
    longest = 0.0
    while not done.is_set():
        now = time.monotonic()
        longest, last = max(longest, now - last), now
    worker.join()
    took = time.monotonic() - began
    assert longest < took / 2, (longest, took)


@pytest.mark.parametrize("jobs, n, to", [(1, 30_000_000, "planes"), (2, 30_000_000, "planes"), (2, 3_000_000, "json")])
def test_ctrl_c_interrupts_a_long_call_within_a_second(jobs, n, to):
    # SIGINT from another process, as a terminal's Ctrl-C comes: no Python thread (which would
    # wait for the GIL) is involved. With jobs=2 the list is read in place until the Ctrl-C,
    # which takes its items before the handler runs; 3M to JSON are read in 50 ms, and the
    # Ctrl-C comes while the blocks read are converted.
    fens = [START] * n
    began = time.monotonic()
    killer = subprocess.Popen(["sh", "-c", f"sleep 0.3; kill -INT {os.getpid()}"])
    try:
        with pytest.raises(KeyboardInterrupt):
            bbconv.convert(fens, to=to, jobs=jobs)
    finally:
        killer.wait()
    assert time.monotonic() - began < 0.3 + 1.0


def test_formats_lists_the_cli_forms():
    names = [f.name for f in bbconv.formats()]
    assert {"fen", "packed", "packed-bin", "planes-bin", "sgf"} <= set(names)
    packed = next(f for f in bbconv.formats() if f.name == "packed-bin")
    assert packed.binary


def test_formats_say_which_records_are_words():
    # The registry says it (issue 36, point 1): a form whose fixed-size records are 64-bit
    # words comes out as uint64 rows; every other fixed-size form as uint8 rows.
    forms = {f.name: f for f in bbconv.formats()}
    assert {n for n, f in forms.items() if f.words} == {"pair", "planes-bin"}
    for name, f in forms.items():
        if f.fixed is None:
            continue
        out = bbconv.convert(["4k3/8/8/8/8/8/8/R3K3 w - - 0 1"], to=name)
        assert out.dtype == (np.uint64 if forms[f.fixed].words else np.uint8), name
        assert out.shape[0] == 1, name


def test_formats_say_which_records_are_raw_bytes(cli):
    # The registry says it (issue 36, point 1): a form whose records carry no length of their
    # own is hex text, one record a line, on the command line, and raw bytes in Python's
    # containers; no name of it is kept in the package.
    forms = {f.name: f for f in bbconv.formats()}
    raw = {n for n, f in forms.items() if f.raw}
    assert raw == {"binary-fen"}
    fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
    for name in raw:
        text = subprocess.run(
            [cli, "convert", "-f", "fen", "-t", name], input=fen + "\n", capture_output=True, text=True, check=True
        ).stdout.strip()
        out = bbconv.convert([fen], to=name, output="list")
        assert out == [bytes.fromhex(text)], name
        assert bbconv.convert(out, frm=name, to="fen", output="list") == [fen], name


def test_a_words_array_of_the_wrong_form_names_the_forms_that_take_one():
    with pytest.raises(TypeError) as e:
        bbconv.convert(np.zeros((1, 13), dtype=np.uint8), frm="fen", to="pair")
    said = str(e.value)
    for f in bbconv.formats():
        if f.fixed is not None:
            assert f.name in said, (f.name, said)


@pytest.mark.parametrize("layout", ["0x88", "mailbox", "sentinel", "draughts"])
def test_every_form_the_cli_writes_under_a_layout(cli, layout):
    # Issue 37, point 3: pair, packed and trits under a layout, the command line's bytes, and
    # packed-bin and trits-bin read back under it (the record size follows the layout).
    frm, board, back = ("pdn", "W:W31,32:B1,2", "squares") if layout == "draughts" else ("fen", START, "pair")
    want = bbconv.convert([board], frm=frm, to=back)
    for to, form in (("packed", "packed-bin"), ("trits", "trits-bin"), ("pair", "pair")):
        got = bbconv.convert([board], frm=frm, to=to, to_order=layout)
        line = subprocess.run(
            [cli, "convert", "-f", frm, "-t", form, "--to-order", layout, board], capture_output=True, check=True
        ).stdout
        if to == "pair":
            words = [int(x, 16) for x in line.split()]
            side = got.reshape(1, 2, -1)
            assert [sum(int(v) << (64 * k) for k, v in enumerate(side[0, i])) for i in range(2)] == words
        else:
            assert got.tobytes() == line, (layout, to)
        again = bbconv.convert(got, frm=to, to=back, order=layout, to_order="lerf")
        assert list(np.asarray(again).reshape(-1)) == list(np.asarray(want).reshape(-1)), (layout, to)


def test_an_s_array_of_binary_records_keeps_its_trailing_zeros():
    # Issue 37, point 1: numpy pads S items with NULs, which a text drops and a binary record
    # (packed-bin) keeps: a packed board ending in empty squares ends in zero bytes.
    other = "8/8/8/8/8/8/8/R6k w - - 0 1"
    packed = bbconv.convert([other, START], to="packed")
    assert packed[0, -1] == 0
    arr = np.frombuffer(packed.tobytes(), dtype="S13")
    back = bbconv.convert(arr, frm="packed-bin", to="pair")
    assert (back == bbconv.convert([other, START], to="pair")).all()
    texts = np.array([other, START], dtype="S80")
    assert bbconv.convert(texts, to="pair").tolist() == back.tolist()


def test_u_arrays_come_through_the_buffer_protocol():
    # Issue 37, point 1: numpy U arrays are read as UCS-4 through the buffer protocol (not as a
    # list): their NUL padding off, non-ASCII text kept, a lone surrogate a bad record with its
    # column, as a list of the same str gives.
    values = [START, "8/8/8/8/8/8/8/K6k w - - 0 1", "é/8", "8/8\udc80x", ""]
    arr = np.array(values, dtype="U")
    got, valid = bbconv.convert(arr, to="fen", errors="null")
    want, want_valid = bbconv.convert(values, to="fen", errors="null", output="numpy")
    assert got.tolist() == want.tolist() and valid.tolist() == want_valid.tolist()
    with pytest.raises(bbconv.ParseError) as e:
        bbconv.convert(arr[3:4], to="fen")
    assert (e.value.index, e.value.column) == (0, 4)
    assert "lone surrogate" in e.value.message
    big = np.array([START] * 25_000 + ["8/8\udc80"], dtype="U")
    with pytest.raises(bbconv.ParseError) as e:
        bbconv.convert(big, to="packed", jobs=2)
    assert e.value.index == 25_000


def test_byte_swapped_u_arrays_and_empty_record_arrays():
    # Hostile review 6: a '>U' array is read in its own byte order; an empty 2-D record array
    # converts (the round trip of an empty batch).
    fens = [START, "8/8/8/8/8/8/8/K6k w - - 0 1"]
    assert bbconv.convert(np.array(fens, dtype=">U80"), to="fen").tolist() == fens
    for frm, shape, dtype in (("packed", (0, 13), "u1"), ("planes", (0, 12), "<u8"), ("planes", (0, 96), "u1"), ("trits", (0, 64), "u1")):
        out = bbconv.convert(np.zeros(shape, dtype), frm=frm, to="fen")
        assert len(out) == 0, frm
    big = np.array([0x110000], dtype="<u4").view("<U1")
    with pytest.raises(bbconv.ParseError, match="past the last character"):
        bbconv.convert(big, to="fen")


@pytest.mark.parametrize("to", ["auto", "paste", "pasted"])
@pytest.mark.parametrize("values", [[START], []])
def test_an_input_form_only_is_no_output_form(to, values):
    # As on the command line (exit 2): refused before any record is read, under errors="null"
    # and on an empty batch too (a ParseError on record 0, [None], or [] before).
    for errors in ("raise", "null"):
        with pytest.raises(ValueError, match="is an input form only"):
            bbconv.convert(values, to=to, errors=errors)


def test_a_masked_entry_of_a_numpy_masked_array_is_a_missing_record():
    # Hostile review 9: the mask was ignored and masked entries converted.
    for dtype in ("U60", "S60", object):
        arr = np.ma.masked_array(np.array([START, START, START], dtype=dtype), mask=[False, True, False])
        assert bbconv.convert(arr, to="fen", errors="null", output="list") == [START, None, START]
        with pytest.raises(bbconv.ParseError) as e:
            bbconv.convert(arr, to="fen")
        assert e.value.index == 1
    unmasked = np.ma.masked_array(np.array([START], dtype="U60"))
    assert bbconv.convert(unmasked, to="fen", output="list") == [START]
    rows = bbconv.convert([START, START], to="packed")
    with pytest.raises(TypeError, match="masked"):
        bbconv.convert(np.ma.masked_array(rows, mask=np.eye(2, rows.shape[1], dtype=bool)), frm="packed", to="fen")


def test_column_of_a_batch_without_columns_is_an_error():
    # Stop 42's leftover: column= was ignored for a list, a numpy array and a Series.
    batches = [[START], np.array([START]), (START,)]
    pd = need("pandas")
    batches.append(pd.Series([START]))
    for values in batches:
        with pytest.raises(ValueError, match="column='fen'"):
            bbconv.convert(values, to="packed", column="fen")
    frame = pd.DataFrame({"id": [1], "fen": [START]})
    assert bbconv.convert(frame, to="fen", column="fen").tolist() == [START]
