"""The memory a fresh WebAssembly instance starts with, and the shipped
snapshot written against it.

A Pyodide memory snapshot is the whole linear memory after Python started and
imported the game. Its first few megabytes are the wasm's static data (type
objects, frozen modules, tables), which ``pyodide.asm.wasm`` already carries in
its data segments and which Python mostly never changes: a first visit would
download them twice. :func:`xor_snapshot` XORs that part of the snapshot with
the memory the wasm's data segments lay out, so what Python left as it was
becomes zeros, which cost next to nothing compressed (about 1 MB less on a
first visit). The page XORs them back from the fresh instance's own memory
before the snapshot is restored (``fillOnInstantiate`` in ``shell/patches.mjs``), and checks the
result against the Adler-32 checksum this module records.

>>> wasm = module_with_data([(8, b"abcd"), (16, b"xy")])
>>> data_image(wasm)
b'\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00abcd\\x00\\x00\\x00\\x00xy'
>>> header = SNAPSHOT_MAGIC.to_bytes(4, "little") + (16).to_bytes(4, "little") + bytes(8)
>>> memory = bytearray(data_image(wasm).ljust(24, b"\\0")); memory[9] = ord("B"); memory[22] = 7
>>> shipped, base = xor_snapshot(header + bytes(memory), wasm)
>>> shipped[16:].hex()  # what Python changed; the rest zeros
'000000000000000000200000000000000000000000000700'
>>> base == {"end": 20, "checksum": adler32(bytes(memory[:20]))}
True
>>> bytes(a ^ b for a, b in zip(shipped[16:36], data_image(wasm).ljust(20, b"\\0"))) == memory[:20]
True

The shipped wasm also leaves out exports nothing of the game's calls
(:func:`without_exports`, chosen by ``tools/build/slim.py``): every start
instantiates each export and Emscripten's loader walks them all.

>>> wasm = module_with_exports(["main", "_ZN3fooEv"])
>>> exported_functions(wasm)
['main', '_ZN3fooEv']
>>> exported_functions(without_exports(wasm, {"_ZN3fooEv"}))
['main']
"""

from __future__ import annotations

import zlib

__all__ = [
    "SNAPSHOT_MAGIC",
    "adler32",
    "data_image",
    "exported_functions",
    "module_with_data",
    "module_with_exports",
    "without_exports",
    "xor_snapshot",
]

SNAPSHOT_MAGIC = 0x706E_7500
"""Not Pyodide's: any first word is accepted by :func:`xor_snapshot`, which
only reads the header's length. Used by the examples and tests."""

_EXPORT_SECTION = 7
_DATA_SECTION = 11
_FUNCTION_EXPORT = 0


def _leb(data: bytes, pos: int, signed: bool = False) -> tuple[int, int]:
    """The LEB128 number at POS, and the position after it."""
    value = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            if signed and byte & 0x40:
                value -= 1 << shift
            return value, pos


def _sections(wasm: bytes) -> list[tuple[int, bytes]]:
    """The module's sections as (id, body), in order."""
    if wasm[:4] != b"\0asm":
        raise ValueError("not a WebAssembly module")
    out = []
    pos = 8
    while pos < len(wasm):
        kind = wasm[pos]
        size, pos = _leb(wasm, pos + 1)
        out.append((kind, wasm[pos : pos + size]))
        pos += size
    return out


def _segments(wasm: bytes) -> list[tuple[int, bytes]]:
    """The active data segments of memory 0 as (offset, bytes). Raises
    ValueError for anything else (a passive segment, an offset that is not a
    constant): then the fresh memory is not known in advance."""
    for kind, body in _sections(wasm):
        if kind != _DATA_SECTION:
            continue
        count, pos = _leb(body, 0)
        segments = []
        for _ in range(count):
            if body[pos] != 0:
                raise ValueError(f"data segment kind {body[pos]}: only active segments of memory 0 are known")
            if body[pos + 1] != 0x41:  # i32.const
                raise ValueError("a data segment's offset is not a constant")
            offset, pos = _leb(body, pos + 2, signed=True)
            if body[pos] != 0x0B:
                raise ValueError("a data segment's offset is not a single constant")
            length, pos = _leb(body, pos + 1)
            segments.append((offset, body[pos : pos + length]))
            pos += length
        return segments
    return []


def _exports(body: bytes) -> list[tuple[str, int, bytes]]:
    """An export section's entries as (name, kind, the entry's bytes)."""
    count, pos = _leb(body, 0)
    out = []
    for _ in range(count):
        start = pos
        length, pos = _leb(body, pos)
        name = body[pos : pos + length].decode("utf-8")
        kind = body[pos + length]
        _index, pos = _leb(body, pos + length + 1)
        out.append((name, kind, body[start:pos]))
    return out


def exported_functions(wasm: bytes) -> list[str]:
    """The names of the functions the module exports, in order."""
    return [
        name
        for kind, body in _sections(wasm)
        if kind == _EXPORT_SECTION
        for name, export, _ in _exports(body)
        if export == _FUNCTION_EXPORT
    ]


def without_exports(wasm: bytes, names: set[str]) -> bytes:
    """WASM without the function exports called NAMES; every other byte of
    every other section as it was (the code, the data, the function table)."""
    out = bytearray(wasm[:8])
    for kind, body in _sections(wasm):
        if kind == _EXPORT_SECTION:
            kept = [raw for name, export, raw in _exports(body) if not (export == _FUNCTION_EXPORT and name in names)]
            body = _uleb(len(kept)) + b"".join(kept)
        out += bytes([kind]) + _uleb(len(body)) + body
    return bytes(out)


def _uleb(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def data_image(wasm: bytes) -> bytes:
    """The start of a fresh instance's memory: every data segment at its
    offset, zeros between them, up to the end of the last one."""
    segments = _segments(wasm)
    image = bytearray(max((offset + len(data) for offset, data in segments), default=0))
    for offset, data in segments:
        image[offset : offset + len(data)] = data
    return bytes(image)


def adler32(data: bytes) -> int:
    """Adler-32, as the page computes it in ``shell/snapshot-format.mjs``."""
    return zlib.adler32(data) & 0xFFFFFFFF


def xor_snapshot(snapshot: bytes, wasm: bytes) -> tuple[bytes, dict[str, int]]:
    """The snapshot with its memory's first bytes XORed with the fresh memory
    of WASM, and ``{"end", "checksum"}``: how many bytes of memory (a multiple
    of 4) and the Adler-32 of the original ones. The snapshot's header (its
    length is the second little-endian word, a multiple of 16) is kept."""
    header = int.from_bytes(snapshot[4:8], "little")
    if header % 16 or header >= len(snapshot):
        raise ValueError(f"a snapshot header of {header} bytes")
    image = data_image(wasm)
    end = min(-(-len(image) // 4) * 4, len(snapshot) - header)
    image = image.ljust(end, b"\0")[:end]
    memory = snapshot[header : header + end]
    mixed = (int.from_bytes(memory, "little") ^ int.from_bytes(image, "little")).to_bytes(end, "little")
    return snapshot[:header] + mixed + snapshot[header + end :], {"end": end, "checksum": adler32(memory)}


def module_with_data(segments: list[tuple[int, bytes]]) -> bytes:
    """A minimal wasm module holding only a data section (for examples and tests)."""

    def sleb(n: int) -> bytes:
        out = bytearray()
        while True:
            byte, n = n & 0x7F, n >> 7
            done = (n == 0 and not byte & 0x40) or (n == -1 and byte & 0x40)
            out.append(byte | (0 if done else 0x80))
            if done:
                return bytes(out)

    body = _uleb(len(segments)) + b"".join(
        b"\0\x41" + sleb(offset) + b"\x0b" + _uleb(len(data)) + data for offset, data in segments
    )
    return b"\0asm\1\0\0\0" + bytes([_DATA_SECTION]) + _uleb(len(body)) + body


def module_with_exports(names: list[str]) -> bytes:
    """A minimal wasm module exporting one empty function under each of NAMES
    (for examples and tests)."""
    types = b"\x01\x60\x00\x00"  # one type: [] -> []
    functions = b"\x01\x00"  # one function of that type
    exports = _uleb(len(names)) + b"".join(
        _uleb(len(n.encode())) + n.encode() + bytes([_FUNCTION_EXPORT, 0]) for n in names
    )
    code = b"\x01\x02\x00\x0b"  # its body: no locals, end
    sections = [(1, types), (3, functions), (_EXPORT_SECTION, exports), (10, code)]
    return b"\0asm\1\0\0\0" + b"".join(bytes([k]) + _uleb(len(b)) + b for k, b in sections)
