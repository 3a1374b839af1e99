"""8 threads awarding at once give the same awards as one thread (issue 31;
the library keeps no mutable global state, ctypes releases the GIL during
each call: tests/core/test_threads.c is the C side)."""
from __future__ import annotations

import threading
from pathlib import Path

import bridgemp
from conftest import EXAMPLES, USEBIO_CASES

THREADS = 8
ROUNDS = 3


def snapshot(a: bridgemp.Awards) -> tuple:
    return (a.awards, a.players, a.reasons, a.derivation)


def work() -> list[tuple[str, bytes, dict]]:
    jobs = [(p, Path(p).read_bytes(), {}) for p in EXAMPLES]
    jobs += [(p, Path(p).read_bytes(), o) for p, o in USEBIO_CASES]
    return jobs


def test_eight_threads_same_awards():
    jobs = work()
    want = [snapshot(bridgemp.award(data, name=name, explain=True, **o))
            for name, data, o in jobs]
    start = threading.Barrier(THREADS)
    results: dict[int, list] = {}
    errors: list[BaseException] = []

    def run(t: int) -> None:
        try:
            start.wait()
            got = []
            for r in range(ROUNDS):
                # each thread its own order, so that different events overlap
                order = jobs[t % len(jobs):] + jobs[:t % len(jobs)]
                for name, data, o in order:
                    with bridgemp.read_bytes(data, name=name, **o) as ev:
                        got.append((name, snapshot(ev.award(explain=True)), ev.content_hash))
            results[t] = got
        except BaseException as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=run, args=(t,)) for t in range(THREADS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors
    by_name = {name: w for (name, _, o), w in zip(jobs, want) if not o}
    by_name.update({name + repr(o): w for (name, _, o), w in zip(jobs, want) if o})
    hashes: dict[str, set] = {}
    assert len(results) == THREADS
    for t, got in results.items():
        assert len(got) == ROUNDS * len(jobs)
        for i, (name, snap, h) in enumerate(got):
            o = jobs[(i % len(jobs) + t) % len(jobs)][2]
            assert snap == by_name[name + (repr(o) if o else "")], (t, name)
            hashes.setdefault(name + repr(o), set()).add(h)
    assert all(len(h) == 1 for h in hashes.values())


def test_one_event_shared_by_threads():
    """An Event's calls are serialised: eight threads on one Event agree."""
    with bridgemp.read("examples/acbl/regional-pairs.json") as ev:
        want = snapshot(ev.award())
        got: list = []
        lock = threading.Lock()

        def run() -> None:
            for _ in range(20):
                s = snapshot(ev.award())
                with lock:
                    got.append(s)

        threads = [threading.Thread(target=run) for _ in range(THREADS)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
    assert len(got) == THREADS * 20 and all(g == want for g in got)
