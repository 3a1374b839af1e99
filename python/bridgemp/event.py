"""An event read through libbridgemp's pipeline (include/bridgemp/pipeline.h),
the one front door from a file or bytes to an event."""
from __future__ import annotations

import ctypes
import os
import threading
from typing import Mapping, Optional, Union

from . import _lib
from ._errors import Error, Status, raise_for
from .awards import Awards, EventInfo, convert, event_info, numbers_summary

_lib_ = _lib.lib

PathLike = Union[str, bytes, "os.PathLike[str]"]

#: What bmp_pipeline_input_kind answers, by name.
INPUT_KINDS = {0: None, 1: "event-json", 2: "usebio", 3: "abf-credit"}

# Options of bmp_pipeline_set a read takes as keyword arguments (the command
# line's spelling with "_" for "-").
_OPTIONS = ("body", "edition", "grade", "classification", "status", "rating", "sidecar",
            "input", "check_digit", "override_json", "usebio_flavour", "mp_form",
            "strict_numbers")


def _text(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        raise TypeError("bridgemp: give numbers as int, str or decimal.Decimal, not float")
    return os.fspath(v) if isinstance(v, os.PathLike) else str(v)


def _utf16_xml_start(buf: bytes) -> bool:
    """UTF-16 (either byte order, with its byte-order mark) whose first
    character after white space is '<' (what the command line lets libxml2
    decode; src/cli/cli_files.c)."""
    if len(buf) < 2 or buf[:2] not in (b"\xff\xfe", b"\xfe\xff"):
        return False
    text = buf[2:].decode("utf-16-le" if buf[:2] == b"\xff\xfe" else "utf-16-be", "replace")
    stripped = text.lstrip(" \t\r\n")
    return stripped.startswith("<")


class Event:
    """An event read from a JSON event, a USEBIO file or an ABF credit file.

    Make one with :func:`bridgemp.read` (a path) or :func:`bridgemp.read_bytes`.
    It owns a libbridgemp pipeline: close it (``with`` does) or let it be
    collected.  One Event may be used from several threads (calls on it
    are serialised); separate Events run in parallel."""

    def __init__(self, **options: object) -> None:
        """An empty pipeline with the options set; use :func:`bridgemp.read`."""
        self._lock = threading.Lock()
        self._pipe: Optional[int] = None
        self._explain = False
        # one bmp_error per Event, used under the lock (1 KB: not one per call)
        self._err = err = _lib.bmp_error()
        self._errp = ctypes.byref(err)
        pipe = _lib.PIPE()
        raise_for(_lib_.bmp_pipeline_new(ctypes.byref(pipe), self._errp), err)
        self._pipe = pipe.value
        try:
            self._set_options(options)
        except BaseException:
            self.close()
            raise

    # ---- lifetime ----------------------------------------------------------

    def close(self) -> None:
        """Free the pipeline (idempotent; waits for a call on another thread
        to finish).  The Awards already returned stay valid: they are copies."""
        with self._lock:
            pipe, self._pipe = self._pipe, None
            if pipe:
                _lib_.bmp_pipeline_free(pipe)

    def __enter__(self) -> "Event":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # interpreter shutdown: the library may be gone
            pass

    def _handle(self) -> int:
        if not self._pipe:
            raise ValueError("bridgemp: the event is closed")
        return self._pipe

    # ---- options and reading ------------------------------------------------

    def _set(self, name: str, value: object) -> None:
        raise_for(_lib_.bmp_pipeline_set(self._handle(), name.encode(), _text(value).encode(),
                                         self._errp), self._err)

    def _set_options(self, options: Mapping[str, object]) -> None:
        params = options.pop("params", None)
        for key, value in options.items():
            if key not in _OPTIONS:
                raise TypeError(f"bridgemp: unknown option {key!r} (expected one of: "
                                + ", ".join(_OPTIONS) + ", params)")
            if value is not None:
                self._set(key.replace("_", "-"), value)
        if params:
            items = params.items() if isinstance(params, Mapping) else params
            for item in items:
                kv = item if isinstance(item, str) else f"{item[0]}={_text(item[1])}"
                self._set("set", kv)

    def _read_checked(self, buf: Union[bytes, int], size: int, name: str) -> None:
        """What `bridgemp award FILE` does with a file's bytes: a USEBIO file
        is told by content; text must be UTF-8 unless it is XML (which may
        declare its encoding, or be UTF-16 with its mark); a UTF-8 mark is
        skipped.  buf is bytes, or an address of size bytes."""
        err, errp = self._err, self._errp
        xml = _lib_.bmp_usebio_sniff(buf, size)
        bom = ctypes.c_size_t(0)
        bname = name.encode()
        if not (xml and _utf16_xml_start(buf[:4096] if isinstance(buf, bytes)
                                         else ctypes.string_at(buf, min(size, 4096)))):
            raise_for(_lib_.bmp_text_check(bname, buf, size, not xml, ctypes.byref(bom), errp),
                      err)
        skip = bom.value
        if skip:
            buf = buf[skip:] if isinstance(buf, bytes) else buf + skip
        raise_for(_lib_.bmp_pipeline_read_memory(self._handle(), buf, size - skip, bname, errp),
                  err)

    def _read_path(self, path: PathLike, max_input: int = 0) -> None:
        name = os.fsdecode(path)
        buf = ctypes.c_void_p()
        size = ctypes.c_size_t()
        with self._lock:
            raise_for(_lib_.bmp_file_read(os.fsencode(path), max_input, ctypes.byref(buf),
                                          ctypes.byref(size), self._errp), self._err)
            try:
                self._read_checked(buf.value or 0, size.value, name)
            finally:
                _lib.libc.free(buf)

    def _read_bytes(self, data: bytes, name: Optional[str]) -> None:
        data = bytes(data)  # immutable: the library reads it in place, no copy
        with self._lock:
            self._read_checked(data, len(data), name or "<memory>")

    # ---- what was read -------------------------------------------------------

    def _event(self):
        evp = _lib_.bmp_pipeline_event(self._handle())
        if not evp:
            raise ValueError("bridgemp: nothing was read")
        return evp

    @property
    def info(self) -> EventInfo:
        """Name, body, edition, kind, identity and scale of the event."""
        with self._lock:
            return event_info(self._event().contents)

    @property
    def input_kind(self) -> Optional[str]:
        """What the input was taken for: "event-json", "usebio" or "abf-credit"."""
        with self._lock:
            return INPUT_KINDS.get(_lib_.bmp_pipeline_input_kind(self._handle()))

    @property
    def carries_awards(self) -> bool:
        """True when the file carries awards of its own (USEBIO MASTER_POINTS,
        a credit file's lines): :meth:`file_awards` gives them."""
        with self._lock:
            return bool(_lib_.bmp_pipeline_carries_awards(self._handle()))

    @property
    def problems(self) -> list[tuple[int, str]]:
        """The line-level problems of the read: (line, message); line 0 is
        the file as a whole."""
        line = ctypes.c_size_t()
        out = []
        with self._lock:
            pipe = self._handle()
            for i in range(_lib_.bmp_pipeline_problem_count(pipe)):
                msg = _lib_.bmp_pipeline_problem(pipe, i, ctypes.byref(line))
                out.append((line.value, msg.decode("utf-8", "replace")))
        return out

    @property
    def warnings(self) -> list[tuple[int, str]]:
        """The read's warnings (issue 43, docs/rulings.md RI-7): (line,
        message), each check of a USEBIO file that failed but changes no
        award, then one per player whose number identifies nobody
        ("contestant 1 player Tom Bell: guest"); line 0: not known.  None
        of the numbers' under ``strict_numbers=True``, which refuses."""
        line = ctypes.c_size_t()
        out = []
        with self._lock:
            pipe = self._handle()
            for i in range(_lib_.bmp_pipeline_warning_count(pipe)):
                msg = _lib_.bmp_pipeline_warning(pipe, i, ctypes.byref(line))
                out.append((line.value, msg.decode("utf-8", "replace")))
        return out

    @property
    def numbers_summary(self) -> Optional[str]:
        """The one-line summary ``bridgemp award`` writes on standard error
        for the players whose number identifies nobody, without the file's
        name: "3 players without a valid EBU number (1 guest, 1 without a
        number, 1 not valid): lines 34, 96"; None when there are none."""
        with self._lock:
            return numbers_summary(self._handle())

    @property
    def content_hash(self) -> str:
        """SHA-256 (hex) of the event's award-relevant content
        (docs/event-format.md "Content hash"): the ledger's duplicate key."""
        out = ctypes.create_string_buffer(_lib.CONTENT_HASH_HEX)
        with self._lock:
            raise_for(_lib_.bmp_event_content_hash(self._event(), out, self._errp), self._err)
        return out.value.decode()

    def key(self, club: Optional[str] = None) -> str:
        """The event's key: who ran which event when ("org=..;id=..;date=.."
        or "name=..;date=..;club=.."); ``club`` stands in when the file names
        no organiser; "" when the event has no date."""
        out = ctypes.c_void_p()
        with self._lock:
            raise_for(_lib_.bmp_event_key(self._event(), club.encode() if club else None,
                                          ctypes.byref(out), self._errp), self._err)
        try:
            return ctypes.string_at(out.value).decode("utf-8", "replace")
        finally:
            _lib.libc.free(out)

    # ---- awards ----------------------------------------------------------------

    def award(self, explain: bool = False) -> Awards:
        """Compute the awards under the event's body rules (for an ABF credit
        file: its lines).  ``explain``: each award's derivation too."""
        with self._lock:
            pipe = self._handle()
            if explain != self._explain:
                self._set("explain", explain)
                self._explain = explain
            raise_for(_lib_.bmp_pipeline_award(pipe, self._errp), self._err)
            return convert(pipe, explain)

    def file_awards(self) -> Awards:
        """The awards the file itself carries: USEBIO MASTER_POINTS, a credit
        file's lines (none for a JSON event)."""
        with self._lock:
            pipe = self._handle()
            raise_for(_lib_.bmp_pipeline_file_awards(pipe, self._errp), self._err)
            return convert(pipe, False)

    def text(self, format: str = "table", explain: bool = False) -> str:
        """The output ``bridgemp award`` writes, from the last :meth:`award`
        (or :meth:`file_awards`): format "table", "json", "csv", "usebio",
        "event-json", "abf-green", "abf-red" or "abf-gold".  With ``explain``
        (table, json, csv) the derivation: the event's factors and rounding,
        and each award's rule and section."""
        fmt = ctypes.c_int()
        if not _lib_.bmp_pipeline_format_parse(format.encode(), ctypes.byref(fmt)):
            raise Error(Status.EINVAL, f'unknown output format "{format}" (expected table, '
                        "json, csv, usebio, event-json, abf-green, abf-red or abf-gold)")
        out = ctypes.c_void_p()
        size = ctypes.c_size_t()
        with self._lock:
            pipe = self._handle()
            if explain != self._explain:
                self._set("explain", explain)
                self._explain = explain
            raise_for(_lib_.bmp_pipeline_write_buffer(pipe, fmt.value, ctypes.byref(out),
                                                      ctypes.byref(size), self._errp), self._err)
        try:
            return ctypes.string_at(out.value, size.value).decode("utf-8", "replace")
        finally:
            _lib.libc.free(out)

    def derivation(self) -> str:
        """The derivation as ``bridgemp award --explain`` prints it (the
        table form): awards the event if it was not awarded with explain."""
        self.award(explain=True)
        return self.text("table", explain=True)
