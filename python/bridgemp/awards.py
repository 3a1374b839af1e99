"""Awards as Python objects: what ``bridgemp award --format json`` prints
(docs/output-format.md), one dataclass per part.  Points are
:class:`decimal.Decimal` made from the library's integer hundredths (two
decimal places, ``Decimal("0.30")``), never floats."""
from __future__ import annotations

import ctypes
import decimal
import struct
import sys
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Optional

from . import _lib
from ._errors import raise_for

_lib_ = _lib.lib

# Plain dataclasses with __slots__ where Python has them (3.10+): a frozen
# dataclass costs 1.5 us more per object, a third of the module's time over
# C (bench/python).  Treat them as values: the module never changes one.
_DC: dict = {"slots": True} if sys.version_info >= (3, 10) else {}


_CENT = Decimal("0.01")
_EXACT = decimal.Context(prec=40)  # int64 hundredths have at most 19 digits


def points(hundredths: int) -> Decimal:
    """Masterpoints from integer hundredths: ``points(30) == Decimal("0.30")``,
    exactly, whatever the thread's decimal context."""
    return _EXACT.multiply(_CENT, hundredths)


def _points_maker():
    """points() for one conversion: the thread's context multiplies exactly
    (and faster) when its precision holds any int64."""
    ctx = decimal.getcontext()
    if ctx.prec >= 21 and ctx.Emin <= -3:
        return _CENT.__mul__
    return points


@dataclass(**_DC)
class Player:
    """A player named by an award that goes to one player of a contestant."""

    id: Optional[str]
    name: Optional[str]


@dataclass(**_DC)
class Award:
    """One award: to every player of ``contestant`` (``player`` None) or to
    one player.  ``points`` is per player."""

    contestant: str  #: the contestant's id (pair or team number)
    name: Optional[str]  #: the contestant's name
    player: Optional[Player]  #: None: each player of the contestant receives it
    kind: str  #: "overall", "stratum", "session", "match", "bonus" or "other"
    label: str  #: the body's own term ("outright", "ranking", "session" ...)
    ranking: str  #: which ranking ("overall", "session 1 NS", "B" ...)
    place: str  #: "1", "3=", "3/4", "-"
    points: Decimal  #: per player, two decimals
    point_type: str  #: the body's point type ("green", "local", "a", "black" ...)
    rule: str  #: rule ID ("ABF-6")
    section: str  #: regulation section ("4.2.1")
    explain: Optional[str] = None  #: the derivation (with ``explain=True``)
    #: issue 43: the players of this award whose number identifies nobody,
    #: "Tom Bell: guest; Kim Shaw: not a valid EBU number" (the JSON output's
    #: ``number_flags``); None when every number identifies its player
    number_flags: Optional[str] = None

    @property
    def hundredths(self) -> int:
        """The points as integer hundredths, as the library holds them."""
        return int(_EXACT.multiply(self.points, 100))


@dataclass(**_DC)
class PlayerTotal:
    """A player's total per point type, in the order first awarded; only
    players with a non-zero total are listed."""

    id: Optional[str]
    name: Optional[str]
    contestant: str
    totals: dict[str, Decimal]
    #: issue 43: "guest", "no number" or "not a valid EBU number" (the JSON
    #: output's ``number_flag``); None when the number identifies the player
    number_flag: Optional[str] = None


@dataclass(**_DC)
class Reason:
    """Why the event, a contestant or a player earns nothing."""

    text: str
    rule: Optional[str]
    section: Optional[str]
    contestant: Optional[str]  #: None: the whole event
    player: Optional[str]  #: the player's id (else name), or None


@dataclass(**_DC)
class EventInfo:
    """The event the awards are of."""

    name: str
    body: str
    edition: Optional[str]
    kind: str
    date: Optional[str]
    event_id: Optional[str]
    sanction: Optional[str]
    organiser: Optional[str]
    grade: Optional[str]
    status: Optional[str]
    classification: Optional[str]
    rating: Optional[str]
    sessions: int
    tables: float  #: as the file states it (a count, not points)


@dataclass(**_DC)
class Awards:
    """The awards of one event.  ``players`` (each player's totals) is
    worked out from the awards when first read."""

    event: EventInfo
    awards: list[Award]
    reasons: list[Reason]  #: why nothing was earned, where so
    derivation: list[str] = field(default_factory=list)  #: the event's derivation lines
    #: issue 43: the read's one-line summary of the players whose number
    #: identifies nobody, as ``bridgemp award`` writes it on standard error
    #: without the file's name ("3 players without a valid EBU number (1
    #: guest, 1 without a number, 1 not valid): lines 34, 96"); None if none
    numbers_summary: Optional[str] = None
    # what `players` is made from: contestant index -> (id, name, players),
    # and (contestant index, player index) per award
    _people: dict = field(default_factory=dict, repr=False, compare=False)
    _who: list = field(default_factory=list, repr=False, compare=False)
    _players: Optional[list] = field(default=None, repr=False, compare=False)
    # (contestant index, player index) -> its number flag, flagged players only
    _flags: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def players(self) -> list[PlayerTotal]:
        """Each player's total per point type (players with a non-zero
        total, contestants and players in the event's order, point types in
        the order first awarded): the command line's "players"."""
        if self._players is None:
            self._players = _players(self._people, self._who, self.awards, self._flags)
        return self._players

    @property
    def awarded(self) -> bool:
        """True when some award carries points."""
        return any(a.points for a in self.awards)

    def player(self, player_id: str) -> dict[str, Decimal]:
        """Totals per point type of the player with this id ({} if none)."""
        for p in self.players:
            if p.id == player_id:
                return dict(p.totals)
        return {}


def _s(b: Optional[bytes]) -> Optional[str]:
    return None if b is None else b.decode("utf-8", "replace")


_KIND_CLASS: dict[str, str] = {}


def _kind_class(label: str) -> str:
    """The output's kind ("overall" ...) of a body's label (bmp_award_kind_class)."""
    k = _KIND_CLASS.get(label)
    if k is None:
        k = _KIND_CLASS[label] = _lib_.bmp_award_kind_class(label.encode()).decode()
    return k


def event_info(ev: _lib.bmp_event) -> EventInfo:
    ident = _lib.bmp_identity()
    _lib_.bmp_event_identity(ctypes.byref(ev), ctypes.byref(ident))
    return EventInfo(
        name=_s(ev.name) or "", body=_s(ident.body) or "", edition=_s(ident.edition),
        kind=_lib_.bmp_event_kind_name(ev.kind).decode(), date=_s(ident.date),
        event_id=_s(ident.event_id), sanction=_s(ident.sanction),
        organiser=_s(ident.organiser), grade=_s(ev.grade), status=_s(ev.status),
        classification=_s(ev.classification), rating=_s(ev.rating),
        sessions=ev.sessions if ev.sessions > 0 else 1, tables=ev.tables)


def _players(people: dict[int, tuple], who: list[tuple[int, int]],
             awards: list[Award], flags: dict) -> list[PlayerTotal]:
    """Per-player totals as the JSON writer makes them (src/io/awards_out.c
    players_json): contestants in order, players in order, point types in
    the order first awarded, zero totals left out.  people: contestant index
    -> (id, name, [(player id, player name)]); who: (contestant index,
    player index) of each award."""
    per: dict[int, list[tuple[int, str, int]]] = {}
    for (ci, pi), a in zip(who, awards):
        per.setdefault(ci, []).append((pi, a.point_type, a.hundredths))
    out: list[PlayerTotal] = []
    every = _lib.ALL_PLAYERS
    for ci in sorted(per):
        cid, _, players = people[ci]
        mine = per[ci]
        shared = None
        if all(pi == every for pi, _, _ in mine):  # the usual case: one total for all
            totals: dict[str, int] = {}
            for _, colour, h in mine:
                totals[colour] = totals.get(colour, 0) + h
            shared = {t: points(h) for t, h in totals.items() if h}
        for p, (pid, pname) in enumerate(players):
            if shared is None:
                totals = {}
                for pi, colour, h in mine:
                    if pi == every or pi == p:
                        totals[colour] = totals.get(colour, 0) + h
                shown = {t: points(h) for t, h in totals.items() if h}
            else:
                shown = dict(shared)
            if shown:
                out.append(PlayerTotal(pid, pname, cid, shown, flags.get((ci, p))))
    return out


def _reasons(evp, aw, contestants, n: int) -> list[Reason]:
    arr = ctypes.POINTER(_lib.bmp_reason)()
    count = ctypes.c_size_t()
    err = _lib.bmp_error()
    raise_for(_lib_.bmp_awards_reasons(evp, aw, ctypes.byref(arr), ctypes.byref(count),
                                       ctypes.byref(err)), err)
    out = []
    try:
        for i in range(count.value):
            r = arr[i]
            cid = pl = None
            if r.contestant < n:
                c = contestants[r.contestant]
                cid = _s(c.id)
                if 0 <= r.player < c.nplayers:
                    p = c.players[r.player]
                    pl = _s(p.id if p.id is not None else (p.name or b""))
            out.append(Reason(_s(r.text) or "", _s(r.rule) or None, _s(r.section) or None,
                              cid, pl))
    finally:
        _lib_.bmp_reasons_free(arr, count.value)
    return out


def _contestant(contestants, ci: int) -> tuple:
    """(id, name, [(player id, player name)]) of contestant ci."""
    c = contestants[ci]
    ps = c.players
    players = []
    for i in range(c.nplayers):
        p = ps[i]
        players.append((_s(p.id), _s(p.name)))
    return (_s(c.id) or "", _s(c.name), players)


# bmp_award read in bulk: the award array is one copy of bytes unpacked with
# the struct's native layout (one call per event instead of a dozen ctypes
# field reads per award: bench/python).  Adjacent text fields are taken
# together -- kind[24] + ranking[64], colour[16] + rule[16] + section[48] --
# and decoded once per distinct value (an event's awards repeat a handful).
_AWARD = struct.Struct("@N i 88s i i ? q 80s P")
assert _AWARD.size == ctypes.sizeof(_lib.bmp_award)
assert _lib.bmp_award.ranking.offset == _lib.bmp_award.kind.offset + 24
assert _lib.bmp_award.section.offset == _lib.bmp_award.colour.offset + 32

_TEXTS: dict[bytes, tuple] = {}  # bounded; dict operations are atomic under the GIL


def _cut(b: bytes) -> str:
    """A fixed-size char array's text (up to its NUL)."""
    return b.partition(b"\0")[0].decode("utf-8", "replace")


def _texts(b: bytes) -> tuple:
    """(label, kind, ranking) of kind + ranking, or (colour, rule, section)."""
    if len(_TEXTS) > 8192:
        _TEXTS.clear()
    if len(b) == 88:
        label = _cut(b[:24])
        t = (label, _kind_class(label), _cut(b[24:]))
    else:
        t = (_cut(b[:16]), _cut(b[16:32]), _cut(b[32:]))
    _TEXTS[b] = t
    return t


def _number_flags(evp, ev) -> dict:
    """(contestant index, player index) -> the player's number flag (issue
    43, bmp_player_number_flag), for the flagged players only; {} at the
    cost of one pass over the players when nobody is flagged."""
    if not _lib_.bmp_event_has_number_flags(evp):
        return {}
    out = {}
    buf = ctypes.create_string_buffer(64)
    cs = ev.contestants
    for ci in range(ev.ncontestants):
        for pi in range(cs[ci].nplayers):
            f = _lib_.bmp_player_number_flag(evp, ci, pi, buf, len(buf))
            if f is not None:
                out[(ci, pi)] = f.decode("utf-8", "replace")
    return out


def _award_flags(flags: dict, players: list, ci: int, pi: int) -> Optional[str]:
    """An award's number_flags as the JSON writes them (src/io/player_ids.c
    io_number_flags): "name: flag" of each flagged player it goes to."""
    parts = []
    for k, (pid, pname) in enumerate(players):
        f = flags.get((ci, k))
        if f is not None and (pi == _lib.ALL_PLAYERS or pi == k):
            who = pname if pname is not None else pid if pid is not None else "?"
            parts.append("%s: %s" % (who, f))
    return "; ".join(parts) if parts else None


def numbers_summary(pipe: int) -> Optional[str]:
    """The pipeline's one-line summary of the flagged numbers, or None."""
    buf = ctypes.create_string_buffer(512)
    n = _lib_.bmp_pipeline_numbers_summary(pipe, buf, len(buf))
    return buf.value.decode("utf-8", "replace") if n else None


def convert(pipe: int, explain: bool) -> Awards:
    """The pipeline's event and awards as an :class:`Awards` (copied: nothing
    refers to the pipeline afterwards)."""
    evp = _lib_.bmp_pipeline_event(pipe)
    aw = _lib_.bmp_pipeline_awards(pipe)
    ev = evp.contents
    contestants = ev.contestants
    pts = _points_maker()
    count = _lib_.bmp_awards_count(aw)
    raw = ctypes.string_at(_lib.awards_at_address(aw, 0), count * _AWARD.size) if count else b""
    people: dict[int, tuple] = {}
    who: list[tuple[int, int]] = []
    awards: list[Award] = []
    texts = _TEXTS
    flags = _number_flags(evp, ev)
    for ci, pi, kr, lo, hi, tied, h, crs, expl in _AWARD.iter_unpack(raw):
        info = people.get(ci)
        if info is None:
            info = people[ci] = _contestant(contestants, ci)
        cid, cname, players = info
        t1 = texts.get(kr) or _texts(kr)
        t2 = texts.get(crs) or _texts(crs)
        place = ("-" if lo == 0 else f"{lo}/{hi}" if hi > lo else f"{lo}=" if tied
                 else str(lo))  # bmp_place_format (src/core/place.c)
        who.append((ci, pi))
        awards.append(Award(
            cid, cname, Player(*players[pi]) if 0 <= pi < len(players) else None,
            t1[1], t1[0], t1[2], place, pts(h), t2[0], t2[1], t2[2],
            ctypes.string_at(expl).decode("utf-8", "replace") if explain and expl else None,
            _award_flags(flags, players, ci, pi) if flags else None))
    notes = [_lib_.bmp_awards_note_at(aw, i).decode("utf-8", "replace")
             for i in range(_lib_.bmp_awards_note_count(aw))]
    return Awards(event_info(ev), awards, _reasons(evp, aw, contestants, ev.ncontestants),
                  derivation=notes, numbers_summary=numbers_summary(pipe), _people=people,
                  _who=who, _flags=flags)
