"""shell/snapshot-format.mjs under Node: the packed form Cache Storage keeps
(a round trip; every damaged form refused) and the shipped snapshot's static
data XORed back from a fresh memory (checked against tools/wasm_image.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tools import wasm_image

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "shell" / "snapshot-format.mjs"

pytestmark = [
    pytest.mark.cpython_only,
    pytest.mark.skipif(shutil.which("node") is None, reason="no node"),
]


def node(script: str) -> object:
    """Run SCRIPT as an ES module with the format's functions imported; its
    last console.log line is JSON."""
    prelude = f"import {{ adler32, packSnapshot, unpackSnapshot, unpackSnapshotInto, unmixSnapshot }} from {json.dumps(MODULE.as_uri())};\n"
    run = subprocess.run(
        ["node", "--input-type=module", "-e", prelude + script],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_a_snapshot_packs_without_its_empty_chunks_and_comes_back_whole() -> None:
    result = node(
        """
        const bytes = new Uint8Array(10 * 65536 + 100);       // a short last chunk
        bytes[5] = 1; bytes[3 * 65536 + 7] = 2; bytes[10 * 65536 + 99] = 3;
        const packed = packSnapshot(bytes);
        const back = unpackSnapshot(packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.byteLength));
        console.log(JSON.stringify({
          size: packed.byteLength,
          magic: new TextDecoder().decode(packed.slice(0, 4)),
          same: back.length === bytes.length && back.every((b, i) => b === bytes[i]),
          empty: unpackSnapshot(packSnapshot(new Uint8Array(65536 * 2)).buffer).length,
        }));
        """
    )
    assert result == {
        "size": 12 + 3 * 4 + 2 * 65536 + 100,
        "magic": "SPZ1",
        "same": True,
        "empty": 2 * 65536,
    }


def test_a_stored_snapshot_restores_straight_into_a_used_memory() -> None:
    """A start gives Pyodide only the header and writes the memory itself,
    after the runtime's constructors have written into it: every byte of the
    snapshot's memory comes back, the empty chunks' included; past its end
    the memory is left alone, as Pyodide's own restore leaves it."""
    result = node(
        """
        const H = 48;                                          // header: magic, its own length, ...
        const bytes = new Uint8Array(10 * 65536 + 100);
        const words = new DataView(bytes.buffer);
        words.setUint32(0, 0x0BADF00D, true); words.setUint32(4, H, true); bytes[40] = 7;
        bytes[H] = 1; bytes[3 * 65536 + 7] = 2; bytes[10 * 65536 + 99] = 3; bytes[65535] = 4;
        const packed = packSnapshot(bytes);
        const buffer = packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.byteLength);
        const memory = new Uint8Array(bytes.length - H + 4096).fill(9);   // written by constructors
        const header = new Uint8Array(H);
        const writeMemory = unpackSnapshotInto(buffer, header);
        const headerOnly = memory.every((b) => b === 9);
        writeMemory(memory);
        const refused = (h, m) => { try { unpackSnapshotInto(buffer, h)(m); return "accepted"; }
                                    catch (error) { return "refused"; } };
        console.log(JSON.stringify({
          header: header.every((b, i) => b === bytes[i]),
          headerOnly,
          memory: bytes.subarray(H).every((b, i) => b === memory[i]),
          past: memory.subarray(bytes.length - H).every((b) => b === 9),
          wrongHeader: refused(new Uint8Array(32)),
          smallMemory: refused(new Uint8Array(H), new Uint8Array(bytes.length - H - 1)),
        }));
        """
    )
    assert result == {
        "header": True,
        "headerOnly": True,  # the header first, the memory only when written
        "memory": True,
        "past": True,
        "wrongHeader": "refused",
        "smallMemory": "refused",
    }


DAMAGE = {
    "not packed": "bytes.fill(7, 0, 4)",
    "cut short": "bytes = bytes.slice(0, bytes.length - 1)",
    "a byte to spare": "bytes = Uint8Array.from([...bytes, 0])",
    "indices not rising": "view.setUint32(12, 2, true); view.setUint32(16, 1, true)",
    "an index past the end": "view.setUint32(16, 11, true)",
    "more chunks than the heap": "view.setUint32(8, 12, true)",
    "a header cut short": "bytes = bytes.slice(0, 8)",
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_packed_snapshot_is_refused(damage: str) -> None:
    result = node(
        f"""
        const source = new Uint8Array(10 * 65536 + 100);
        source[5] = 1; source[3 * 65536 + 7] = 2;
        let bytes = packSnapshot(source);
        const view = new DataView(bytes.buffer);
        {DAMAGE[damage]};
        let outcome;
        try {{ unpackSnapshot(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)); outcome = "accepted"; }}
        catch (error) {{ outcome = "refused: " + error.message; }}
        console.log(JSON.stringify(outcome));
        """
    )
    assert str(result).startswith("refused"), result


def test_the_static_data_comes_back_from_a_fresh_memory_as_the_build_mixed_it() -> None:
    wasm = wasm_image.module_with_data([(16, bytes(range(200))), (4000, b"tail")])
    memory = bytearray(wasm_image.data_image(wasm).ljust(8192, b"\0"))
    memory[20] ^= 0xFF  # what Python changed
    memory[6000] = 9  # the heap beyond
    header = wasm_image.SNAPSHOT_MAGIC.to_bytes(4, "little") + (16).to_bytes(4, "little") + bytes(8)
    shipped, base = wasm_image.xor_snapshot(header + bytes(memory), wasm)
    fresh = wasm_image.data_image(wasm).ljust(8192, b"\0")
    script = f"""
        const shipped = Uint8Array.from({json.dumps(list(shipped))});
        const fresh = Uint8Array.from({json.dumps(list(fresh))});
        const base = {json.dumps(base)};
        unmixSnapshot(shipped, fresh.buffer, base);
        const flipped = Uint8Array.from({json.dumps(list(shipped))});
        flipped[16 + 100] ^= 1;
        let refused = false;
        try {{ unmixSnapshot(flipped, fresh.buffer, base); }} catch {{ refused = true; }}
        console.log(JSON.stringify({{ memory: Array.from(shipped.slice(16)), refused,
                                      adler: adler32(Uint8Array.from([1, 2, 3, 250])),
                                      long: adler32(Uint8Array.from({{ length: 102400 }}, (_, i) => i % 256)) }}));
    """
    result = node(script)
    assert isinstance(result, dict)
    assert bytes(result["memory"]) == bytes(memory)
    assert result["refused"] is True
    assert result["adler"] == wasm_image.adler32(bytes([1, 2, 3, 250]))
    assert result["long"] == wasm_image.adler32(bytes(range(256)) * 400)  # past the 5552-byte rounds
