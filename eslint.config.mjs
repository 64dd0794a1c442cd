// ESLint for the JavaScript shell (shell/, sw.js), the build's Node tools
// (tools/*.mjs) and the Node scripts of bench/ and tests/: npx eslint
// (tools/test.sh runs it). The shell's types are checked by tsc
// (tsconfig.json, tsconfig.worker.json).
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: [
      "_site*/**",
      "node_modules/**",
      ".cache/**",
      ".venv/**",
      // A fragment the build inserts into Emscripten's generated module (its
      // names are that module's), not a script of its own.
      "tools/wrap-at-once.js",
    ],
  },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    files: ["shell/**/*.js", "shell/**/*.mjs"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["shell/early.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    files: ["shell/snapshot-worker.mjs"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ["sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    files: ["tools/*.mjs", "bench/*.mjs", "tests/**/*.mjs", "eslint.config.mjs"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The worker bench/worker_bench.py starts in the browser.
    files: ["bench/search-worker.mjs"],
    languageOptions: { globals: { ...globals.worker } },
  },
];
