// Brotli copies for the build (tools/build/compress.py), with Node's zlib, so the build needs no Python
// package. It reads a JSON list of [source, destination, quality] and writes
// each destination. Prints one JSON line: {"ok": true, "files": N} or
// {"ok": false, "error": "..."}.
// The files are compressed on zlib's thread pool, one per core at a time, the biggest first
// (the snapshot alone is most of the work): on two cores the copies take about half as long.
import fs from "node:fs";
import os from "node:os";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);

/** @param {[string, string, number]} job */
async function compress([src, dst, quality]) {
  const data = await fs.promises.readFile(src);
  const out = await brotli(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const part = `${dst}.${process.pid}.part`; // builds may run side by side
  await fs.promises.writeFile(part, out);
  await fs.promises.rename(part, dst);
}

const [, , listPath] = process.argv;
try {
  /** @type {[string, string, number][]} */
  const jobs = JSON.parse(fs.readFileSync(listPath, "utf8"));
  const queue = [...jobs].sort((a, b) => fs.statSync(b[0]).size - fs.statSync(a[0]).size);
  const lanes = Math.max(1, Math.min(os.availableParallelism(), queue.length));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await compress(job);
    }),
  );
  console.log(JSON.stringify({ ok: true, files: jobs.length }));
} catch (error) {
  console.log(JSON.stringify({ ok: false, error: String(error && error.message) }));
  process.exitCode = 1;
}
