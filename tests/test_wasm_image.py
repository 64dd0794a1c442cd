"""tools/wasm_image.py: the fresh memory a wasm module lays out, and the
snapshot XORed with it (what the page undoes: shell/patches.mjs, shell/snapshot-format.mjs)."""

from __future__ import annotations

import doctest
import random

import pytest

from tools import wasm_image
from tools.wasm_image import SNAPSHOT_MAGIC, adler32, data_image, module_with_data, xor_snapshot

pytestmark = pytest.mark.cpython_only


def snapshot_of(memory: bytes, header: int = 32) -> bytes:
    return SNAPSHOT_MAGIC.to_bytes(4, "little") + header.to_bytes(4, "little") + bytes(header - 8) + memory


def test_doctests() -> None:
    assert doctest.testmod(wasm_image).failed == 0


def test_segments_land_at_their_offsets_and_later_ones_win() -> None:
    wasm = module_with_data([(0, b"\1\2"), (200_000, b"far"), (1, b"\x09")])  # offsets over one LEB byte
    image = data_image(wasm)
    assert len(image) == 200_003
    assert image[:2] == b"\1\x09" and image[200_000:] == b"far" and image[2:200_000].count(0) == 199_998


def test_xor_round_trips_and_only_changes_turn_into_bytes() -> None:
    rng = random.Random(7)
    data = bytes(rng.randrange(256) for _ in range(4000))
    wasm = module_with_data([(64, data)])
    memory = bytearray(data_image(wasm)) + bytes(10_000)
    for at in (100, 2000, 3000):  # what Python changed
        memory[at] ^= 0x55
    shipped, base = xor_snapshot(snapshot_of(bytes(memory)), wasm)
    assert len(shipped) == 32 + len(memory) and shipped[:32] == snapshot_of(b"")  # the header is kept
    assert base == {"end": 4064, "checksum": adler32(bytes(memory[:4064]))}
    mixed = shipped[32 : 32 + base["end"]]
    assert [i for i, b in enumerate(mixed) if b] == [100, 2000, 3000]
    assert shipped[32 + base["end"] :] == memory[base["end"] :]  # the heap beyond, untouched
    back = bytes(a ^ b for a, b in zip(mixed, data_image(wasm), strict=True))
    assert back == memory[:4064]


def test_the_end_is_rounded_to_whole_words_within_the_snapshot() -> None:
    wasm = module_with_data([(0, b"abcde")])  # 5 bytes: the page XORs 32-bit words
    _, base = xor_snapshot(snapshot_of(b"abcde" + bytes(20)), wasm)
    assert base["end"] == 8
    _, base = xor_snapshot(snapshot_of(b"abcdefgh"), module_with_data([(0, b"abcdefghijkl")]))
    assert base["end"] == 8  # never past the snapshot's memory


@pytest.mark.parametrize(
    ("wasm", "message"),
    [
        (b"not wasm", "not a WebAssembly module"),
        (b"\0asm\1\0\0\0\x0b\x04\x01\x01\x01x", "only active segments"),  # a passive segment
        (b"\0asm\1\0\0\0\x0b\x06\x01\x00\x23\x00\x0b\x00", "not a constant"),  # offset from a global
    ],
)
def test_a_module_whose_fresh_memory_is_not_known_is_refused(wasm: bytes, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        xor_snapshot(snapshot_of(bytes(64)), wasm)


@pytest.mark.parametrize("header", [20, 1 << 20])
def test_a_snapshot_with_an_impossible_header_is_refused(header: int) -> None:
    snapshot = SNAPSHOT_MAGIC.to_bytes(4, "little") + header.to_bytes(4, "little") + bytes(56)
    with pytest.raises(ValueError, match="header"):
        xor_snapshot(snapshot, module_with_data([(0, b"x")]))
