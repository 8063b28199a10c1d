"""Python that works against a call: buffers written and lists changed while a call runs, thread
counts past the cap. None of it may crash the interpreter or raise a PanicException."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import bbconv

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
OTHER = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"

# Another thread clears the spaces of the last FEN of a numpy `S` array (each becomes a letter)
# and puts them back, in a loop, while this thread converts the array again and again. That FEN
# has a long first field, so a reader that trusted an earlier look at its end (a space among its
# last bytes) would, once they are cleared, read on past it; the array ends flush against a page
# that cannot be read, so such a read is a crash, not a chance one.
MUTATOR = textwrap.dedent(
    """
    import ctypes, mmap, threading, time
    import numpy as np
    import bbconv

    fens = [%r] * 999 + ["p" * 4000 + " b KQkq e3 1 1"]
    w = max(map(len, fens))
    page = mmap.PAGESIZE
    size = -(-len(fens) * w // page) * page
    mm = mmap.mmap(-1, size + page)
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    base = ctypes.addressof(ctypes.c_char.from_buffer(mm))
    assert libc.mprotect(base + size, page, 0) == 0
    arr = np.frombuffer(mm, dtype="S%%d" %% w, count=len(fens), offset=size - len(fens) * w)
    arr[:] = [f.encode() for f in fens]
    last = arr.view(np.uint8).reshape(len(arr), w)[-1]
    spaces = np.flatnonzero(last == ord(" "))
    stop = threading.Event()

    def clear():
        while not stop.is_set():
            last[spaces] = ord("p")
            last[spaces] = ord(" ")

    worker = threading.Thread(target=clear)
    worker.start()
    try:
        end = time.monotonic() + 2.0
        calls = 0
        while time.monotonic() < end:
            for jobs in (1, 2):
                out, valid = bbconv.convert(arr, to="packed", errors="null", jobs=jobs)
                assert out.shape == (len(arr), 13) and valid[:-1].all() and not valid[-1]
                calls += 1
    finally:
        stop.set()
        worker.join()
    print("calls", calls)
    """
    % START
)


@pytest.mark.parametrize("portable", ["0", "1"])
def test_a_numpy_array_written_during_a_call_does_not_crash(portable):
    # In a subprocess, so that a crash is this test's failure rather than pytest's.
    env = dict(os.environ, BBCONV_PORTABLE=portable)
    done = subprocess.run(
        [sys.executable, "-c", MUTATOR], capture_output=True, text=True, timeout=120, env=env
    )
    assert done.returncode == 0, (done.returncode, done.stdout, done.stderr[-2000:])
    assert "calls" in done.stdout


def test_a_list_changed_by_a_signal_handler_gives_a_list_it_was():
    # A SIGALRM handler, which runs whenever the call looks at its signals, shrinks the list by
    # half or grows it back, so the list is always a prefix of `master` of one of two lengths.
    master = [START, OTHER] * 20_000
    expected = {n: bbconv.convert(master[:n], to="packed", jobs=1).tobytes() for n in (20_000, 40_000)}
    values = list(master)
    changes = []

    def change(signum, frame):
        if len(values) == 40_000:
            del values[20_000:]
        else:
            values.extend(master[20_000:])
        changes.append(len(values))

    previous = signal.signal(signal.SIGALRM, change)
    signal.setitimer(signal.ITIMER_REAL, 0.0005, 0.0005)
    try:
        end = time.monotonic() + 3.0
        calls = refused = 0
        while time.monotonic() < end:
            for to, jobs in (("packed", 2), ("packed", 1), ("fen", 2)):
                try:
                    out = bbconv.convert(values, to=to, jobs=jobs)
                except ValueError as e:
                    assert "changed" in str(e), e
                    refused += 1
                    continue
                calls += 1
                assert len(out) in expected, len(out)
                if to == "packed":
                    assert out.tobytes() == expected[len(out)]
                else:
                    assert out == master[: len(out)]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        signal.signal(signal.SIGALRM, previous)
    assert len(changes) > 100, len(changes)
    assert calls > 0, refused


def test_jobs_past_the_cap_is_refused_as_on_the_command_line():
    fens = [START] * 30_000
    with pytest.raises(ValueError, match="256"):
        bbconv.convert(fens, to="packed", jobs=10**6)
    with pytest.raises(ValueError, match="256"):
        bbconv.convert(np.array(fens, dtype="S"), to="packed", jobs=257)
    one = bbconv.convert(fens, to="packed", jobs=1)
    assert bbconv.convert(fens, to="packed", jobs=256).tobytes() == one.tobytes()
    assert bbconv.convert(np.array(fens, dtype="S"), to="packed", jobs=256).tobytes() == one.tobytes()


def test_a_large_numpy_array_copied_a_block_at_a_time_converts_as_a_list_does():
    # Records of several lengths (NUL padding stripped) and bad ones, over several blocks.
    fens = [START, OTHER, "8/8/8/8/8/8/8/R6k b - - 0 1", "8/8/x"] * 12_500
    arr = np.array(fens, dtype="S")
    for to in ("packed", "fen"):
        want = bbconv.convert(fens, to=to, errors="null", jobs=1, output="numpy")
        got = bbconv.convert(arr, to=to, errors="null", jobs=2)
        assert (got[1] == want[1]).all()
        assert got[0].tolist() == want[0].tolist()
    rows = bbconv.convert(fens[:3] * 10_000, to="packed")
    back = [bbconv.convert(rows, frm="packed", to="fen", jobs=j) for j in (1, 2)]
    assert back[0].tolist() == back[1].tolist() and len(back[0]) == 30_000


# A SIGALRM handler frees the memory of a numpy `S` array (a resize to one row moves or unmaps
# it) while `convert` copies the array a block at a time on two threads. The copy must be done
# before any Python code (the handler) can run: a copy after it reads freed memory (a crash).
RESIZER = textwrap.dedent(
    """
    import signal, time
    import numpy as np
    import bbconv

    n = 400_000
    fens = np.array([%r.ljust(56)] * n, dtype="S56")
    want = bbconv.convert(fens[:1], to="pair", jobs=1)
    end = time.monotonic() + 2.0
    calls = resized = 0
    while time.monotonic() < end:
        base = fens.copy()
        done = []

        def shrink(signum, frame):
            if not done:
                base.resize((1,), refcheck=False)
                done.append(1)

        signal.signal(signal.SIGALRM, shrink)
        signal.setitimer(signal.ITIMER_REAL, 0.0005, 0.0005)
        try:
            out = bbconv.convert(base, to="pair", jobs=2)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0, 0)
        calls += 1
        # The array as it was when the call began: whole, or already resized by the handler.
        assert len(out) in (1, n), len(out)
        assert (out == want[0]).all()
        resized += len(out) == n and bool(done)
    assert resized > 0, calls
    print("calls", calls, "resized", resized)
    """
    % START
)


def test_a_numpy_array_freed_by_a_signal_handler_during_a_call_does_not_crash():
    done = subprocess.run(
        [sys.executable, "-c", RESIZER], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, (done.returncode, done.stdout, done.stderr[-2000:])
    assert "calls" in done.stdout


@pytest.mark.parametrize("dtype, shape", [("S56", (6,)), ("S56", (2, 3)), ("U56", (6,)), ("U56", (3, 2))])
def test_the_extension_reads_the_callers_own_array_not_a_view(monkeypatch, dtype, shape):
    # A view made in the wrapper (reshape) kept pointing at memory a signal handler's
    # `resize(refcheck=False)` of the caller's array freed before the call: the test above
    # crashed about one run in five. The caller's C-contiguous array is what the extension reads.
    fens = np.array([START] * 6, dtype=dtype).reshape(shape)
    seen = []
    real = bbconv._bbconv.convert_fixed
    monkeypatch.setattr(bbconv._bbconv, "convert_fixed", lambda rows, *a: (seen.append(rows[0]), real(rows, *a))[1])
    got = bbconv.convert(fens, to="pair")
    assert seen and seen[0] is fens
    assert np.array_equal(got, bbconv.convert([START] * 6, to="pair"))


@pytest.mark.parametrize("many", [False, True])
def test_a_str_with_a_lone_surrogate_is_a_bad_record(many):
    # As `surrogateescape` decodes b"\xff8/8": a bad record as the bytes are, naming its index
    # and the surrogate's column; the other records convert (a batch large enough for blocks).
    bad = b"\xff8/8".decode("utf-8", "surrogateescape")
    values = [START] * (30_000 if many else 3) + ["8/" + bad] + [OTHER]
    k = len(values) - 2
    for to in ("packed", "fen"):
        got, valid = bbconv.convert(values, to=to, errors="null", jobs=2, output="numpy")
        assert not valid[k] and valid.sum() == len(values) - 1
        want = bbconv.convert([START, OTHER], to=to, output="numpy")
        assert np.asarray(got[k + 1]).tolist() == np.asarray(want[1]).tolist()
        assert np.asarray(got[0]).tolist() == np.asarray(want[0]).tolist()
    assert bbconv.convert(values, to="fen", errors="null")[k] is None
    with pytest.raises(bbconv.ParseError) as e:
        bbconv.convert(values, to="packed", jobs=2)
    assert (e.value.index, e.value.column) == (k, 3)
    assert "U+DCFF" in e.value.message and "UTF-8" in e.value.message
    with pytest.raises(bbconv.ParseError) as e:
        bbconv.convert(["\ud800"], to="packed")
    assert (e.value.index, e.value.column) == (0, 1) and "U+D800" in e.value.message


@pytest.mark.parametrize(
    "jobs, error",
    [(True, TypeError), (2.5, TypeError), ("2", TypeError), (-1, ValueError), (257, ValueError),
     (2**63, ValueError), (10**30, ValueError)],
)
def test_jobs_is_none_or_an_int_up_to_256(jobs, error):
    for values in ([START], np.array([START], dtype="S")):
        with pytest.raises(error, match=r"0 \(all cores\) to 256") as e:
            bbconv.convert(values, to="packed", jobs=jobs)
        assert "jobs" in said(e.value)


def test_jobs_takes_numpy_ints():
    assert bbconv.convert([START], to="packed", jobs=np.int64(2)).shape == (1, 13)


def said(e):
    """What an error says: its message and its notes (where a typed signature names the
    argument it could not take)."""
    return "\n".join([str(e), *getattr(e, "__notes__", [])])


@pytest.mark.parametrize(
    "keyword, value, expected",
    [("swap", 1, "bool"), ("swap", None, "bool"), ("frm", None, "str"),
     ("to", None, "str"), ("to", 3, "str"), ("bits", "yes", "bool")],
)
def test_a_keyword_of_a_wrong_type_is_named(keyword, value, expected):
    # One typed signature (the extension's): the argument is named, with the type expected.
    with pytest.raises(TypeError) as e:
        bbconv.convert([START], **{keyword: value})
    assert f"'{keyword}'" in said(e.value) and expected in said(e.value)
    assert "Settings" not in said(e.value)


def test_a_pair_array_of_another_shape_says_the_shape_expected():
    rows = bbconv.convert([START], to="pair")
    with pytest.raises(ValueError, match=r"shape \(n, 2\).*got shape \(1, 3\)"):
        bbconv.convert(np.zeros((1, 3), dtype=np.uint64), frm="pair", to="fen")
    with pytest.raises(TypeError, match="integer words: got a float64"):
        bbconv.convert(rows.astype(np.float64), frm="pair", to="fen")
    want = bbconv.convert(rows, frm="pair", to="squares").tolist()
    assert bbconv.convert(rows.astype(np.int64), frm="pair", to="squares").tolist() == want


@pytest.mark.parametrize("frm", ["trits", "packed"])
def test_a_byte_form_refuses_an_array_of_other_numbers(frm):
    rows = bbconv.convert([START], to=frm)
    assert rows.dtype == np.uint8
    back = bbconv.convert(rows, frm=frm, to="fen")
    for dtype in (np.float32, np.int16, np.uint64, np.int8):
        with pytest.raises(TypeError, match=f"frm='{frm}' reads uint8 bytes.*got a {np.dtype(dtype)}"):
            bbconv.convert(rows.astype(dtype), frm=frm, to="fen")
    assert bbconv.convert(rows, frm=frm, to="fen").tolist() == back.tolist()


def test_planes_reads_words_or_their_bytes_and_refuses_floats():
    words = bbconv.convert([START, OTHER], to="planes")
    fens = bbconv.convert(words, frm="planes", to="fen").tolist()
    assert bbconv.convert(words.view(np.uint8), frm="planes", to="fen").tolist() == fens
    assert bbconv.convert(words.astype(np.int64), frm="planes", to="fen").tolist() == fens
    with pytest.raises(TypeError, match="uint64 words or their bytes as uint8.*got a float32"):
        bbconv.convert(words.astype(np.float32), frm="planes", to="fen")


def test_infer_refuses_a_sample_that_is_no_pair_and_an_empty_list():
    with pytest.raises(ValueError, match=r"sample 0 is \('0x1',\): expected a \(VALUE, EXPECTED\)"):
        bbconv.infer([("0x1",)])
    with pytest.raises(ValueError, match="no sample was given"):
        bbconv.infer([])


def test_explain_and_diff_take_an_int_as_infer_does():
    assert bbconv.explain(0x1000000000000000, "e1") == bbconv.explain("1152921504606846976", "e1")
    assert bbconv.explain(0x1000000000000000, "e1").exact[0].settings == {"order": "berlef"}
    assert bbconv.diff(0xFFFF, 0xFFFF000000000000) == bbconv.diff("65535", "18446462598732840960")
    assert bbconv.infer([(0x1000000000000000, "e1"), (1, "a8")]).fits[0].settings == {"order": "berlef"}
    with pytest.raises(TypeError, match="expected a str or an int, got True") as e:
        bbconv.explain(True, "e1")
    assert "'value'" in said(e.value)


def test_python_code_cannot_run_while_a_list_is_read_in_place():
    # Hostile review 7: a str subclass's own `encode` (called for a lone surrogate's column)
    # replaced the list during a jobs=2 read: rows of two states of the list came back.
    a, b = "8/8/8/8/8/8/8/R6k w - - 0 1", "k7/8/8/8/8/8/8/7R w - - 0 1"

    class S(str):
        def encode(self, *args, **kwargs):
            values[:] = [b] * len(values)
            return str.encode(self, *args, **kwargs)

    values = [a] * 40_000
    values[5] = S("\udcff")
    rows, valid = bbconv.convert(values, to="pair", errors="null", jobs=2)
    want = bbconv.convert([a], to="pair")[0]
    assert valid.sum() == 39_999 and not valid[5]
    assert (rows[valid] == want).all()


@pytest.mark.parametrize(
    "options, error",
    [({"planes": None}, TypeError), ({"planes": True}, TypeError), ({"lenient": "true"}, TypeError),
     ({"one_based": 1}, TypeError), ({"layer": None}, TypeError), ({"planes": ["P", 1]}, TypeError)],
)
def test_board_options_of_a_wrong_type_are_refused(options, error):
    with pytest.raises(error, match=list(options)[0] + "="):
        bbconv.convert([START], to="planes", **options)


def test_letter_options_take_sequences_of_letters():
    pawns = "8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1"
    want = bbconv.convert([pawns], to="planes", planes="Pp")
    assert (bbconv.convert([pawns], to="planes", planes=["P", "p"]) == want).all()
    assert (bbconv.convert([pawns], to="planes", planes=("P", "p")) == want).all()


def test_explain_and_infer_give_python_hints():
    with pytest.raises(ValueError, match="lenient=True"):
        bbconv.explain("0x1", expect_fen="rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR")


@pytest.mark.parametrize(
    "values, frm, to, options",
    [(["9/9/9/9/9/9/9/9/9", "0x1"], "auto", "packed", {}),
     (["SZ[9]AB[aa]", "a1 h8"], "auto", "indices", {}),
     (["SZ[9]AB[aa]", "-1"], "auto", "indices", {"lenient": True}),
     (['{"size":"9x9","bitboard":"0x1"}', '{"bitboard":"0x1"}'], "json", "hex", {})],
)
def test_a_batch_reads_each_record_as_the_command_line_does(cli, values, frm, to, options):
    # Hostile review 7: a size the first board set was used to read the records after it (0x1
    # read on the 9x9 board); each record is read as on the command line, without a size, and
    # one of another size is a bad record.
    flags = [f"--{k.replace('_', '-')}" for k, v in options.items() if v is True]
    form = {"packed": "packed-bin"}.get(to, to)
    want = subprocess.run(
        [cli, "convert", "-f", frm, "-t", form, "--errors", "null", *flags],
        input="".join(v + "\n" for v in values).encode(), capture_output=True,
    ).stdout
    got = bbconv.convert(values, frm=frm, to=to, errors="null", **options)
    if to == "packed":
        rows, valid = got
        assert valid.tolist() == [True, False]
        assert b"".join(r.tobytes() if v else b"\xff" * rows.shape[1] for r, v in zip(rows, valid)) == want
    else:
        assert got[1] is None and got[0] is not None
        assert want.decode().splitlines()[0] == got[0]


def test_infer_refuses_one_sample_given_as_a_str():
    # Hostile review 7: a str was iterated one character at a time.
    with pytest.raises(TypeError, match=r"a sequence of samples, got a str"):
        bbconv.infer("0x1\ta1")


@pytest.mark.parametrize("layout", ["lerf", "mailbox", "0x88"])
def test_an_empty_pair_batch_has_the_shape_of_a_full_one(layout):
    # Hostile review 7: under a layout of more than 64 cells, an empty batch was (0, 2).
    empty = bbconv.convert([], to="pair", to_order=layout)
    one = bbconv.convert(["8/8/8/8/8/8/8/8 w - - 0 1"], to="pair", to_order=layout)
    assert empty.shape[1:] == one.shape[1:] and empty.dtype == one.dtype
