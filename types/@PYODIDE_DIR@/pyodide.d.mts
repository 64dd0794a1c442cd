// The vendored Pyodide as the shell imports it ("../@PYODIDE_DIR@/pyodide.mjs",
// a path the build fills in): the types npm's package ships with it.
export * from "pyodide";
