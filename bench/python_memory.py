"""The Python package's memory on a large Arrow column (issue 37, point 7): 10M FENs (the
benchmark corpus repeated) memory-mapped from an Arrow IPC file, converted to packed in a fresh
process. Prints the growth of the process's memory during `convert` over what it was just
before, against the limit: the output's bytes plus 64 MB (the strings are read in place, not
copied).

The pages of the mapped file that the call reads are the file's (the kernel's page cache, shared
and dropped under pressure), not the process's: they are counted apart. "anonymous" is the
process's own memory (RssAnon, sampled every 5 ms during the call, the peak kept), which is what
a copy of the strings would grow; "RSS" adds the file's pages touched.

Usage: python bench/python_memory.py CORPUS [ROWS]   (run by bench/python.sh)
"""

import os
import sys
import threading
import time

import pyarrow as pa

import bbconv

LIMIT_MB = 64


def status(field):
    """A field of /proc/self/status, in bytes."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise KeyError(field)


def write_ipc(corpus, path, rows):
    """The corpus's FENs repeated to `rows`, as an Arrow IPC file of 1M-row batches."""
    with open(corpus) as f:
        fens = f.read().splitlines()
    batch = pa.record_batch({"fen": pa.array(fens, pa.large_string())})
    with pa.OSFile(path, "wb") as sink, pa.ipc.new_file(sink, batch.schema) as w:
        left = rows
        while left > 0:
            w.write_batch(batch.slice(0, min(left, len(fens))))
            left -= min(left, len(fens))


def main():
    corpus = sys.argv[1]
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000_000
    path = os.path.join(os.path.dirname(corpus), f"fens-{rows}.arrow")
    if not os.path.exists(path):
        write_ipc(corpus, path, rows)
    if os.environ.get("BBCONV_MEMORY_CHILD") != "1":
        # A fresh process: nothing of the file written above is in this one's memory.
        env = dict(os.environ, BBCONV_MEMORY_CHILD="1")
        os.execve(sys.executable, [sys.executable, *sys.argv], env)
    table = pa.ipc.open_file(pa.memory_map(path)).read_all()
    column = table.column("fen")
    assert len(column) == rows
    before_anon, before_rss = status("RssAnon"), status("VmRSS")
    peak = {"anon": before_anon, "rss": before_rss}
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak["anon"] = max(peak["anon"], status("RssAnon"))
            peak["rss"] = max(peak["rss"], status("VmRSS"))
            time.sleep(0.005)

    watcher = threading.Thread(target=sample)
    watcher.start()
    began = time.perf_counter()
    out = bbconv.convert(column, to="packed")
    took = time.perf_counter() - began
    done.set()
    watcher.join()
    peak["anon"] = max(peak["anon"], status("RssAnon"))
    out_bytes = out.length() * 13 if hasattr(out, "length") else len(out) * 13
    grew = peak["anon"] - before_anon
    limit = out_bytes + LIMIT_MB * 2**20
    mb = lambda b: f"{b / 2**20:,.0f} MB"
    print(f"| rows | output | anonymous growth | RSS growth (file pages too) | limit | holds | seconds |")
    print(f"|---|---|---|---|---|---|---|")
    print(
        f"| {rows:,} | {mb(out_bytes)} | {mb(grew)} | {mb(peak['rss'] - before_rss)} | "
        f"{mb(limit)} | {'yes' if grew <= limit else '**no**'} | {took:.2f} |"
    )
    sys.exit(0 if grew <= limit else 1)


if __name__ == "__main__":
    main()
