// The page's loader as one module, for tools/build/minify.py (bundled_loader): its
// entry (shell/pyodide-boot.mjs) with the modules listed inlined, by esbuild
// (pinned in package.json), so that a first visit makes as many requests as
// before the loader was split into modules. Every other import (Pyodide's,
// the modules shared with the snapshot worker and the tests) stays an import.
// Not minified: the build minifies the result with the other scripts.
//
// Usage: node tools/bundle.mjs ESBUILD JOB.json, where JOB.json is
// {"folder": F, "entry": "shell/pyodide-boot.mjs", "inline": ["shell/x.mjs", …],
// "out": FILE} (paths under F, the site's files as filled in). Prints one JSON
// line: {"ok": true, "inlined": N} or {"ok": false, "error": "..."}.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [, , esbuildPath, jobPath] = process.argv;
try {
  const esbuild = await import(pathToFileURL(esbuildPath).href);
  const job = JSON.parse(fs.readFileSync(jobPath, "utf8"));
  const inline = new Set(job.inline.map((name) => path.resolve(job.folder, name)));
  const used = new Set();
  const result = await esbuild.build({
    entryPoints: [path.resolve(job.folder, job.entry)],
    bundle: true,
    format: "esm",
    target: "es2022",
    write: false,
    charset: "utf8",
    legalComments: "inline",
    logLevel: "silent",
    plugins: [
      {
        name: "inline-only-the-listed",
        setup(build) {
          build.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === "entry-point") return undefined;
            const resolved = path.resolve(args.resolveDir, args.path);
            if (inline.has(resolved)) {
              used.add(resolved);
              return undefined;
            }
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  const unused = [...inline].filter((name) => !used.has(name));
  if (unused.length) throw new Error(`not imported by the entry: ${unused.join(", ")}`);
  fs.writeFileSync(job.out + ".part", result.outputFiles[0].text);
  fs.renameSync(job.out + ".part", job.out);
  console.log(JSON.stringify({ ok: true, inlined: used.size }));
} catch (error) {
  console.log(JSON.stringify({ ok: false, error: String(error && error.message) }));
  process.exitCode = 1;
}
