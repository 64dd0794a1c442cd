// @ts-check
// The byte formats of a Pyodide memory snapshot that the loader handles
// itself (shell/patches.mjs, shell/snapshot-cache.mjs): pure functions,
// tested under Node (tests/test_snapshot_format.py).
//
// A snapshot, as Pyodide makes it, is a header (its length is the second
// 32-bit little-endian word, a multiple of 16) and then the whole linear
// memory, 30 MiB.

// ---- the shipped snapshot: its static data XORed with the wasm's -----------------
// The build XORs the memory's first `end` bytes with the wasm's data segments
// (tools/wasm_image.py) and records the Adler-32 `checksum` of the original
// bytes. unmixSnapshot XORs them back, in place, from a fresh instance's
// memory (which holds exactly those segments before any code runs) and
// throws if the result does not match the checksum.
/** @param {Uint8Array} bytes */
export function adler32(bytes) {
  let a = 1;
  let b = 0;
  for (let i = 0; i < bytes.length; ) {
    const stop = Math.min(i + 5552, bytes.length);
    for (; i < stop; i++) {
      a += bytes[i];
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return (b * 65536 + a) >>> 0;
}

/** @param {Uint8Array} snapshot @param {ArrayBuffer} memory @param {{end: number, checksum: number}} base */
export function unmixSnapshot(snapshot, memory, { end, checksum }) {
  const view = new DataView(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength);
  const header = view.getUint32(4, true);
  if (header % 16 || end % 4 || header + end > snapshot.byteLength || end > memory.byteLength) {
    throw new Error(`a snapshot header of ${header} bytes`);
  }
  const mixed = new Uint32Array(snapshot.buffer, snapshot.byteOffset + header, end / 4);
  const fresh = new Uint32Array(memory, 0, end / 4);
  for (let i = 0; i < mixed.length; i++) mixed[i] ^= fresh[i];
  if (adler32(new Uint8Array(snapshot.buffer, snapshot.byteOffset + header, end)) !== checksum) {
    throw new Error("the snapshot's static data does not match its checksum");
  }
}

// ---- the stored snapshot: without its empty chunks -------------------------------
// About 40 % of the memory is zeros (the stack's reserve, unused heap). Cache
// Storage keeps a snapshot packed: [magic "SPZ1", full length, n, n chunk
// indices (rising)] as 32-bit little-endian words, then those n chunks of
// 64 KiB (the last one may be shorter). unpackSnapshot refuses anything else.
const PACKED_MAGIC = 0x315a5053; // "SPZ1"
const CHUNK = 65536;

/** @param {Uint8Array} bytes */
export function packSnapshot(bytes) {
  /** @type {number[]} */
  const kept = [];
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
  for (let start = 0; start < bytes.byteLength; start += CHUNK) {
    const end = Math.min(start + CHUNK, bytes.byteLength);
    let empty = true;
    for (let w = start >>> 2; w < end >>> 2 && empty; w++) empty = words[w] === 0;
    for (let b = end & ~3; b < end && empty; b++) empty = bytes[b] === 0;
    if (!empty) kept.push(start / CHUNK);
  }
  const head = 12 + 4 * kept.length;
  const size = kept.reduce((sum, i) => sum + Math.min(CHUNK, bytes.byteLength - i * CHUNK), 0);
  const packed = new Uint8Array(head + size);
  const view = new DataView(packed.buffer);
  view.setUint32(0, PACKED_MAGIC, true);
  view.setUint32(4, bytes.byteLength, true);
  view.setUint32(8, kept.length, true);
  let at = head;
  kept.forEach((index, k) => {
    view.setUint32(12 + 4 * k, index, true);
    const chunk = bytes.subarray(index * CHUNK, Math.min((index + 1) * CHUNK, bytes.byteLength));
    packed.set(chunk, at);
    at += chunk.byteLength;
  });
  return packed;
}

// A stored snapshot's full length and its kept chunks ([index, bytes]), checked.
/** @param {ArrayBuffer} buffer @returns {{length: number, kept: [number, Uint8Array][]}} */
function storedChunks(buffer) {
  const view = new DataView(buffer);
  if (buffer.byteLength < 12 || view.getUint32(0, true) !== PACKED_MAGIC) throw new Error("not a stored snapshot");
  const length = view.getUint32(4, true);
  const count = view.getUint32(8, true);
  const chunks = Math.ceil(length / CHUNK);
  if (count > chunks || 12 + 4 * count > buffer.byteLength) throw new Error("a stored snapshot cut short");
  /** @type {[number, Uint8Array][]} */
  const kept = [];
  let at = 12 + 4 * count;
  let last = -1;
  for (let k = 0; k < count; k++) {
    const index = view.getUint32(12 + 4 * k, true);
    if (index <= last || index >= chunks) throw new Error("a stored snapshot with a wrong chunk list");
    const size = Math.min(CHUNK, length - index * CHUNK);
    if (at + size > buffer.byteLength) throw new Error("a stored snapshot cut short");
    kept.push([index, new Uint8Array(buffer, at, size)]);
    at += size;
    last = index;
  }
  if (at !== buffer.byteLength) throw new Error("a stored snapshot with bytes to spare");
  return { length, kept };
}

// The snapshot, whole (what packSnapshot was given).
/** @param {ArrayBuffer} buffer */
export function unpackSnapshot(buffer) {
  const { length, kept } = storedChunks(buffer);
  const bytes = new Uint8Array(length);
  for (const [index, chunk] of kept) bytes.set(chunk, index * CHUNK);
  return bytes;
}

// The snapshot as a restore takes it, without a copy of the whole: its header
// into HEADER (as long as the header the snapshot gives itself), now; and
// what writes the memory it holds straight into MEMORY (bytes over the wasm's
// memory), for later: its kept chunks copied and the others zeroed (the memory
// is not fresh then: the runtime's constructors have run in it). Memory past
// the snapshot's end is left as it is, as Pyodide's own restore leaves it.
/** @param {ArrayBuffer} buffer @param {Uint8Array} header @returns {(memory: Uint8Array) => void} */
export function unpackSnapshotInto(buffer, header) {
  const { length, kept } = storedChunks(buffer);
  const size = header.byteLength;
  const first = kept.length && kept[0][0] === 0 ? kept[0][1] : null;
  if (!first || first.byteLength < 8 || size % 16 || size > first.byteLength
      || new DataView(first.buffer, first.byteOffset, 8).getUint32(4, true) !== size) {
    throw new Error(`a stored snapshot whose header is not ${size} bytes`);
  }
  header.set(first.subarray(0, size));
  return function writeMemory(memory) {
    if (length - size > memory.byteLength) throw new Error(`a snapshot of ${length - size} bytes for a memory of ${memory.byteLength}`);
    let next = 0; // the first snapshot byte not yet written
    const zeroUpTo = (/** @type {number} */ end) => {
      if (end > next) memory.fill(0, Math.max(next, size) - size, end - size);
    };
    for (const [index, chunk] of kept) {
      const start = index * CHUNK;
      zeroUpTo(start);
      const from = Math.max(start, size);
      if (from < start + chunk.byteLength) memory.set(chunk.subarray(from - start), from - size);
      next = start + chunk.byteLength;
    }
    zeroUpTo(length);
  };
}
