// The vendored Pyodide as the shell imports it ("../@PYODIDE_DIR@/pyodide.mjs",
// a path tools/build.py fills in): the types npm's package ships with it.
export * from "pyodide";
