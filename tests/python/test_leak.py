"""No leak over 10,000 calls (issue 31): Python's own allocations
(tracemalloc) and the process's resident memory (/proc/self/statm, which
counts the library's malloc) stay bounded after a warm-up.

The bounds, and why a leak would exceed them: one event left behind per
call -- the pipeline, its event and its awards -- is about 19 KB for
examples/abf/club-pairs.json (test_a_leak_would_show measures it in the
same run), so 10,000 calls would leak some 190 MB against an RSS bound of
8 MB; one Awards object kept per call (ten Award objects, their strings and
the player totals, several KB) would be tens of MB against a tracemalloc
bound of 1 MB."""
from __future__ import annotations

import ctypes
import gc
import os
import tracemalloc
from pathlib import Path

import bridgemp
from bridgemp import _lib

CALLS = 10_000
WARMUP = 500
RSS_BOUND = 8 << 20  # bytes of resident memory the 10,000 calls may add
TRACED_BOUND = 1 << 20  # bytes of Python allocations they may add
EXAMPLE = "examples/abf/club-pairs.json"


def rss() -> int:
    return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def one_call(data: bytes, i: int) -> None:
    with bridgemp.read_bytes(data, name=EXAMPLE) as ev:
        a = ev.award()
        assert a.player("1002") == {"green": bridgemp.points(30)}  # ABF-6, 0.30 green
        if i % 50 == 0:  # the other calls that allocate, now and then
            assert len(ev.content_hash) == 64
            assert ev.key(club="2074").endswith(";club=2074")
            assert ev.text("json").startswith("{")


def test_no_leak_over_10000_calls():
    data = Path(EXAMPLE).read_bytes()
    for i in range(WARMUP):
        one_call(data, i)
    bridgemp.rank("abf", green=1)
    gc.collect()
    tracemalloc.start()
    traced0 = tracemalloc.get_traced_memory()[0]
    rss0 = rss()
    for i in range(CALLS):
        one_call(data, i)
    gc.collect()
    traced = tracemalloc.get_traced_memory()[0] - traced0
    tracemalloc.stop()
    grown = rss() - rss0
    assert traced < TRACED_BOUND, f"Python allocations grew by {traced} bytes"
    assert grown < RSS_BOUND, f"resident memory grew by {grown} bytes"


def test_a_leak_would_show():
    """The measure catches a real leak: 500 pipelines awarded and never
    freed grow the RSS by so much per event that 10,000 would pass the bound
    many times over."""
    data = Path(EXAMPLE).read_bytes()
    lib = _lib.lib
    leaked = 500
    rss0 = rss()
    for _ in range(leaked):
        p = _lib.PIPE()
        assert lib.bmp_pipeline_new(ctypes.byref(p), None) == 0
        assert lib.bmp_pipeline_read_memory(p, data, len(data), b"x.json", None) == 0
        assert lib.bmp_pipeline_award(p, None) == 0  # and never bmp_pipeline_free(p)
    per_event = (rss() - rss0) / leaked
    assert per_event > 4096, per_event  # about 19 KB on x86-64
    assert per_event * CALLS > 10 * RSS_BOUND
