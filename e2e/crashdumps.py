"""What Chromium's crash dumps say, for a test whose page or browser crashed.

Playwright reports a crashed renderer as "Target crashed" or "Page crashed"
and nothing more.  Chromium's crash handler still writes a minidump for each
crashed process (``~/.config/chromium/Crash Reports/pending/``, whatever the
profile).  This reads the few facts that tell crashes apart: the process
type, the signal, where it stopped (module and offset: the renderer crash
that made the page hide JSPI from Pyodide, see shell/patches.mjs, stopped
at one instruction every time), and a fatal log message if there was one.
``e2e/conftest.py`` adds them to a failed test's report.

A minidump is a header, a directory of streams, and the streams; the ones
read here are documented in Microsoft's ``minidumpapiset.h`` and Crashpad's
``minidump_extensions.h``.
"""

from __future__ import annotations

import re
import struct
from pathlib import Path

DUMPS = Path.home() / ".config" / "chromium" / "Crash Reports" / "pending"

_MODULES, _EXCEPTION = 4, 6
_SIGNALS = {4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 11: "SIGSEGV"}


def dumps_since(when: float, folder: Path = DUMPS) -> list[Path]:
    """The dumps written at or after ``when`` (a time.time()), oldest first."""
    if not folder.is_dir():
        return []
    found = [p for p in folder.glob("*.dmp") if p.stat().st_mtime >= when]
    return sorted(found, key=lambda p: p.stat().st_mtime)


def describe(path: Path) -> str:
    """One line: the process type, the signal, where it stopped, and a fatal log line if any."""
    data = path.read_bytes()
    try:
        return f"{path.name}: {_describe(data)}"
    except (struct.error, KeyError, ValueError) as error:
        return f"{path.name}: not read ({error})"


def _describe(data: bytes) -> str:
    if data[:4] != b"MDMP":
        raise ValueError("not a minidump")
    _magic, _version, count, directory = struct.unpack_from("<4sIII", data, 0)
    streams = {}
    for i in range(count):
        kind, _size, where = struct.unpack_from("<III", data, directory + 12 * i)
        streams[kind] = where
    where = streams[_EXCEPTION]
    code, _flags, _record, address = struct.unpack_from("<IIQQ", data, where + 8)
    _size, context = struct.unpack_from("<II", data, where + 8 + 152)
    (rip,) = struct.unpack_from("<Q", data, context + 0xF8)  # the x86-64 context's instruction pointer
    ptype = _annotation(data, b"ptype") or "?"
    signal = _SIGNALS.get(code, f"signal {code}")
    fatal = re.search(rb"FATAL:([^\]\n\0]{1,160})\] ([^\n\0]{1,200})", data)
    said = f": {fatal.group(2).decode('utf-8', 'replace')}" if fatal else ""
    return f"{ptype} {signal} at {_module_of(data, streams[_MODULES], rip)}, address {address:#x}{said}"


def _module_of(data: bytes, where: int, rip: int) -> str:
    (count,) = struct.unpack_from("<I", data, where)
    for i in range(count):
        base, size = struct.unpack_from("<QI", data, where + 4 + 108 * i)
        (name_at,) = struct.unpack_from("<I", data, where + 4 + 108 * i + 20)
        if base <= rip < base + size:
            (length,) = struct.unpack_from("<I", data, name_at)
            name = data[name_at + 4 : name_at + 4 + length].decode("utf-16-le", "replace")
            return f"{name.rsplit('/', 1)[-1]}+{rip - base:#x}"
    return f"{rip:#x}"


def _annotation(data: bytes, key: bytes) -> str | None:
    """A crash key's value: Crashpad keeps its simple annotations as strings
    with a 32-bit length before them, each padded to 4 bytes, the value
    right after its key."""
    at = data.find(struct.pack("<I", len(key)) + key)
    if at < 0:
        return None
    at = (at + 4 + len(key) + 3) & ~3
    (length,) = struct.unpack_from("<I", data, at)
    if not 0 < length < 64:
        return None
    return data[at + 4 : at + 4 + length].decode("ascii", "replace")
