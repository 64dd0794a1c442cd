// Inserted by python -m tools.build (tools/build/slim.py, runtime_patched) into Pyodide's Emscripten module,
// pyodide.asm.mjs, just before its reportUndefinedSymbols. Not a module of its
// own: it uses that file's names (setWasmTableEntry, functionsInTableMap,
// generateTypePack).
//
// At every start, reportUndefinedSymbols gives each JavaScript function the
// wasm imports through the global offset table (about 260 of them) a slot in
// the function table. A JavaScript function cannot go into a wasm table, so
// Emscripten's convertJsFunctionToWasm wraps each in a wasm function of its
// own: one tiny module compiled and instantiated per function, about 20 ms of
// the desktop's main thread and four times that on the phone profile. While
// reportUndefinedSymbols runs, convertJsFunctionToWasm only notes the function
// (the slot stays empty, it returns null); when it is done,
// wrapDeferredFunctions makes all the wrappers with one module, which imports
// every function and exports it again, and fills the slots. Every function
// gets the slot it got before, in the same order: the memory snapshot holds
// these slots' numbers.
var deferredWrappers = null;
var wrapDeferredFunctions = () => {
  var pending = deferredWrappers;
  deferredWrappers = null;
  if (!pending || !pending.length) return;
  var leb = (n) => {
    var out = [];
    do {
      var low = n & 127;
      n >>>= 7;
      out.push(n ? low | 128 : low);
    } while (n);
    return out;
  };
  var text = (s) => [...leb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
  var section = (id, entries) => {
    var body = [...leb(entries.length), ...entries.flat()];
    return [id, ...leb(body.length), ...body];
  };
  var types = [];
  var typeIndex = new Map();
  var imports = [];
  var exports = [];
  var functions = {};
  pending.forEach(([func, sig], i) => {
    if (!typeIndex.has(sig)) {
      typeIndex.set(sig, types.length);
      types.push([96, ...generateTypePack(sig.slice(1)), ...generateTypePack(sig[0] === "v" ? "" : sig[0])]);
    }
    functions[i] = func;
    imports.push([...text("e"), ...text(String(i)), 0, ...leb(typeIndex.get(sig))]);
    exports.push([...text(String(i)), 0, ...leb(i)]);
  });
  var bytes = Uint8Array.from([
    0, 97, 115, 109, 1, 0, 0, 0,
    ...section(1, types),
    ...section(2, imports),
    ...section(7, exports),
  ]);
  var wrapped = new WebAssembly.Instance(new WebAssembly.Module(bytes), { e: functions }).exports;
  pending.forEach(([func], i) => setWasmTableEntry(functionsInTableMap.get(func), wrapped[i]));
};
