// Minified copies for the build (tools/build/minify.py), with esbuild (pinned in package.json):
// reads a JSON list of [source, destination, loader] ("js" or "css") and
// writes each destination. Prints one JSON line: {"ok": true, "files": N} or
// {"ok": false, "error": "..."}.
//
// Only what minifying cannot change the meaning of: whitespace, comments,
// shorter syntax and local names. The syntax stays ES2022 (what Pyodide itself
// needs), so no browser the game runs in meets syntax newer than it did.
import fs from "node:fs";
import { pathToFileURL } from "node:url";

const [, , esbuildPath, listPath] = process.argv;
try {
  const esbuild = await import(pathToFileURL(esbuildPath).href);
  const jobs = JSON.parse(fs.readFileSync(listPath, "utf8"));
  for (const [src, dst, loader] of jobs) {
    const { code } = esbuild.transformSync(fs.readFileSync(src, "utf8"), {
      loader,
      minify: true,
      target: loader === "css" ? undefined : "es2022",
      legalComments: "inline",
      charset: "utf8",
    });
    fs.writeFileSync(dst + ".part", code);
    fs.renameSync(dst + ".part", dst);
  }
  console.log(JSON.stringify({ ok: true, files: jobs.length }));
} catch (error) {
  console.log(JSON.stringify({ ok: false, error: String(error && error.message) }));
  process.exitCode = 1;
}
