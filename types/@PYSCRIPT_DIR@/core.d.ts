// The vendored PyScript as shell/pyscript-setup.js imports it
// ("../@PYSCRIPT_DIR@/core.js", a path the build fills in): only what the
// shell uses of it.
export declare const hooks: {
  worker: { onBeforeRunAsync: Set<unknown> };
};
