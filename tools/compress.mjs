// Brotli copies for the build (tools/build/compress.py), with Node's zlib, so the build needs no Python
// package. It reads a JSON list of [source, destination, quality] and writes
// each destination. Prints one JSON line: {"ok": true, "files": N} or
// {"ok": false, "error": "..."}.
import fs from "node:fs";
import zlib from "node:zlib";

const [, , listPath] = process.argv;
try {
  const jobs = JSON.parse(fs.readFileSync(listPath, "utf8"));
  for (const [src, dst, quality] of jobs) {
    const data = fs.readFileSync(src);
    const out = zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    fs.writeFileSync(dst + ".part", out);
    fs.renameSync(dst + ".part", dst);
  }
  console.log(JSON.stringify({ ok: true, files: jobs.length }));
} catch (error) {
  console.log(JSON.stringify({ ok: false, error: String(error && error.message) }));
  process.exitCode = 1;
}
