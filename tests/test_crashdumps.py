"""The browser tests' crash-dump reader (e2e/crashdumps.py) on minidumps
built here as Crashpad lays them out: the header, the stream directory, the
exception, module list and an annotation."""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

import crashdumps  # noqa: E402

BASE = 0x5593_C2DE_2000


def utf16(text: str) -> bytes:
    raw = text.encode("utf-16-le")
    return struct.pack("<I", len(raw)) + raw


def padded(text: bytes) -> bytes:
    """A Crashpad annotation string: its length, the bytes, NULs to 4 bytes."""
    out = struct.pack("<I", len(text)) + text
    return out + b"\0" * (-len(out) % 4)


def minidump(signal: int, rip: int, ptype: str, log: str = "") -> bytes:
    header = 32
    directory = header
    streams_at = directory + 2 * 12
    # the exception stream: thread id, alignment, code, flags, record, address, ..., then the context's place
    exception = bytearray(8 + 152 + 8)
    struct.pack_into("<II", exception, 0, 4242, 0)
    struct.pack_into("<IIQQ", exception, 8, signal, 2, 0, 0x3973_0857_3000)
    context_at = streams_at + len(exception)
    context = bytearray(0x100)
    struct.pack_into("<Q", context, 0xF8, rip)
    struct.pack_into("<II", exception, 8 + 152, len(context), context_at)
    modules_at = context_at + len(context)
    name_at = modules_at + 4 + 108
    module = bytearray(108)
    struct.pack_into("<QI", module, 0, BASE, 0x1000_0000)
    struct.pack_into("<I", module, 20, name_at)
    modules = struct.pack("<I", 1) + bytes(module) + utf16("/usr/lib/chromium/chromium")
    notes = padded(b"ptype") + padded(ptype.encode()) + padded(b"switch-1")
    if log:
        notes += f"[1:1:1128/073456.929666:FATAL:content/browser/gpu/x.cc:389] {log}\n".encode()
    head = struct.pack("<4sIII", b"MDMP", 0xA793, 2, directory) + b"\0" * 16
    entries = struct.pack("<III", 6, len(exception), streams_at) + struct.pack("<III", 4, len(modules), modules_at)
    return head + entries + bytes(exception) + bytes(context) + modules + notes


def test_a_renderer_crash_is_told_by_its_process_signal_and_place(tmp_path: Path) -> None:
    dump = tmp_path / "a.dmp"
    dump.write_bytes(minidump(11, BASE + 0x9C656BD, "renderer"))
    assert crashdumps.describe(dump) == "a.dmp: renderer SIGSEGV at chromium+0x9c656bd, address 0x397308573000"


def test_a_fatal_log_line_is_quoted(tmp_path: Path) -> None:
    dump = tmp_path / "b.dmp"
    dump.write_bytes(minidump(6, 0x7F00_0000_0000, "browser", "GPU process isn't usable. Goodbye."))
    text = crashdumps.describe(dump)
    assert (
        text == "b.dmp: browser SIGABRT at 0x7f0000000000, address 0x397308573000: GPU process isn't usable. Goodbye."
    )


def test_a_damaged_dump_is_named_not_raised(tmp_path: Path) -> None:
    dump = tmp_path / "c.dmp"
    dump.write_bytes(minidump(11, BASE, "renderer")[:40])
    assert crashdumps.describe(dump).startswith("c.dmp: not read (")
    (tmp_path / "d.dmp").write_bytes(b"not a dump")
    assert crashdumps.describe(tmp_path / "d.dmp") == "d.dmp: not read (not a minidump)"


def test_only_the_dumps_written_since_are_listed(tmp_path: Path) -> None:
    old, new = tmp_path / "old.dmp", tmp_path / "new.dmp"
    old.write_bytes(b"")
    new.write_bytes(b"")
    os.utime(old, (1000, 1000))
    os.utime(new, (3000, 3000))
    (tmp_path / "new.meta").write_bytes(b"")
    assert crashdumps.dumps_since(2000, tmp_path) == [new]
    assert crashdumps.dumps_since(0, tmp_path) == [old, new]
    assert crashdumps.dumps_since(0, tmp_path / "nowhere") == []
