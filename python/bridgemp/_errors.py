"""The one exception of the module: :class:`Error`, carrying the library's
status code and message (include/bridgemp/error.h)."""
from __future__ import annotations

import enum

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


class Error(Exception):
    """An error reported by libbridgemp.

    ``code`` is the library's :class:`Status`; ``message`` its message, word
    for word what ``bridgemp`` prints after ``"bridgemp: "`` for the same
    input (``str(error)`` is the message)."""

    def __init__(self, code: int, message: str) -> None:
        try:
            self.code: Status = Status(code)
        except ValueError:  # a code newer than this module
            self.code = code  # type: ignore[assignment]
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
