"""The one exception of the module: :class:`Error`, carrying the library's
status code and message (include/bridgemp/error.h)."""
from __future__ import annotations

import enum
import re

from . import _lib


class Status(enum.IntEnum):
    """libbridgemp's bmp_status codes."""

    OK = 0
    EINVAL = 1  #: bad argument or invalid input value
    EPARSE = 2  #: malformed input file
    ENOTSUP = 3  #: rule not implemented ("not supported: ...")
    ENOMEM = 4  #: allocation failed
    EIO = 5  #: file could not be read or written
    ERANGE = 6  #: value outside what the regulation defines
    ENOTFOUND = 7  #: unknown body, edition, table or record


# an option and the space before its value ("--body abf"), not before a
# word about it ("a --sidecar file")
_OPTION = re.compile(r"--([a-z][a-z-]*)(?: (?!file\b)(?=[^\s(]))?")


def python_words(message: str) -> str:
    """The library's message in this module's words: a command-line option
    named as the keyword argument that gives it (issue 44): "give --body
    acbl|ebu|abf|nzb" is "give body=acbl|ebu|abf|nzb", "--set field=N" is
    "params={'field': N}" 's "params=", "--max-input" "max_input="."""
    def keyword(m: re.Match) -> str:
        name = m.group(1)
        return "params=" if name == "set" else name.replace("-", "_") + "="
    return _OPTION.sub(keyword, message)


class Error(Exception):
    """An error reported by libbridgemp.

    ``code`` is the library's :class:`Status`; ``message`` its message in
    this module's words (:func:`python_words`: an option named as the
    keyword argument, ``body=``, not ``--body``); ``cli_message`` the
    library's own, word for word what ``bridgemp`` prints after
    ``"bridgemp: "`` for the same input (``str(error)`` is ``message``)."""

    def __init__(self, code: int, message: str, cli_message: str | None = None) -> None:
        try:
            self.code: Status = Status(code)
        except ValueError:  # a code newer than this module
            self.code = code  # type: ignore[assignment]
        self.cli_message: str = message if cli_message is None else cli_message
        message = python_words(message) if cli_message is None else message
        self.message: str = message
        #: a failed read's line-level problems: (line, message), line 0 the
        #: file as a whole (Event.problems); [] otherwise
        self.problems: list[tuple[int, str]] = []
        super().__init__(message)

    @property
    def status_name(self) -> str:
        """The library's name of the code ("invalid input", "parse error" ...)."""
        return _lib.lib.bmp_status_name(int(self.code)).decode()

    def __repr__(self) -> str:
        name = self.code.name if isinstance(self.code, Status) else self.code
        return f"bridgemp.Error({name}, {self.message!r})"


def raise_for(status: int, err: _lib.bmp_error) -> None:
    """Raise :class:`Error` from a failed call's status and bmp_error."""
    if status:
        msg = err.msg.decode("utf-8", "replace")
        if not msg:
            msg = _lib.lib.bmp_status_name(status).decode()
        raise Error(status, msg)


Error.__module__ = Status.__module__ = "bridgemp"
