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
