"""bridgemp: exact masterpoint awards for contract bridge, from Python.

A thin layer over libbridgemp (the engine library, through ctypes; the
ledger's library is never loaded)::

    import bridgemp
    with bridgemp.read("club.xml", body="abf", grade="E") as ev:
        result = ev.award()
    for p in result.players:
        print(p.id, p.name, p.totals)          # {"green": Decimal("0.30")}

    bridgemp.rank("abf", green=25, red=25).rank  # "State Master"

Points are :class:`decimal.Decimal` (exact hundredths, never floats); every
failure the library reports is a :class:`bridgemp.Error` with its ``code``
(:class:`bridgemp.Status`) and ``message``, the message ``bridgemp`` prints.
The library keeps no mutable global state and ctypes releases the GIL
during each call, so threads award in parallel (one :class:`Event` per
thread, or a shared one: its calls are serialised).  The library is found
through ``BRIDGEMP_LIBRARY`` (a path), else the dynamic linker
(``libbridgemp.so.0``).
"""
from __future__ import annotations

from typing import Optional, Union

from . import _lib
from ._errors import Error, Status
from .awards import Award, Awards, EventInfo, Player, PlayerTotal, Reason, points
from .event import Event, PathLike
from .rank import ParamSpec, Rank, bodies, hundredths, param_spec, rank

__all__ = [
    "Award", "Awards", "Error", "Event", "EventInfo", "ParamSpec", "Player", "PlayerTotal",
    "Rank", "Reason", "Status", "award", "bodies", "hundredths", "library_path",
    "param_spec", "points", "rank", "read", "read_bytes", "version",
]


def version() -> str:
    """libbridgemp's version, "MAJOR.MINOR.PATCH" (bmp_version())."""
    return _lib.lib.bmp_version().decode()


def library_path() -> str:
    """The name the library was loaded by."""
    return _lib.lib._name


def read(path: PathLike, *, max_input: int = 0, **options: object) -> Event:
    """Read an event from a file: a JSON event or a USEBIO file (told by
    content), or an ABF credit file (.grn .red .gld .rag .mp5, by name).

    Options (what a USEBIO file cannot say; they also override a JSON
    event's own): ``body``, ``edition``, ``grade``, ``classification``,
    ``status``, ``rating``, ``sidecar`` (a path), ``params`` (a mapping
    KEY -> VALUE, like ``--set``), and ``input`` ("auto", "event",
    "abf-credit"), ``check_digit``, ``override_json``, ``strict_numbers``
    (issue 43: True refuses a player number the body cannot have, a guest's
    included, as ``--strict-numbers``; by default such a player keeps his
    award line, flagged: :attr:`Award.number_flags`,
    :attr:`PlayerTotal.number_flag`, :attr:`Event.numbers_summary`,
    :attr:`Event.warnings`).  ``max_input``: refuse
    a larger file (bytes; 0 = 256 MB).  Errors name the file as the command
    line does; a failed read's :class:`Error` lists every malformed line in
    ``problems`` ((line, message); an ABF credit file's, as ``bridgemp
    credit check`` does)."""
    ev = Event(**options)
    try:
        ev._read_path(path, max_input)
    except Error as e:
        e.problems = ev.problems
        ev.close()
        raise
    except BaseException:
        ev.close()
        raise
    return ev


def read_bytes(data: Union[bytes, bytearray, memoryview], *, name: Optional[str] = None,
               **options: object) -> Event:
    """Read an event from memory (the options of :func:`read`).  ``name`` is
    used in messages and, for an ABF credit file, gives the colour by its
    extension ("club.grn")."""
    ev = Event(**options)
    try:
        ev._read_bytes(bytes(data), name)
    except Error as e:
        e.problems = ev.problems
        ev.close()
        raise
    except BaseException:
        ev.close()
        raise
    return ev


def award(source: Union[PathLike, bytes, bytearray, memoryview], *, explain: bool = False,
          name: Optional[str] = None, **options: object) -> Awards:
    """Read and award in one call: ``source`` is a path, or the bytes of a
    file (then ``name`` as in :func:`read_bytes`)."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        ev = read_bytes(source, name=name, **options)
    else:
        ev = read(source, **options)
    with ev:
        return ev.award(explain=explain)
