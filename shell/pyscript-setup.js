// @ts-check
// Loads PyScript (the page has no other reference to core.js) and adapts it
// to the page's Content Security Policy.
//
// PyScript registers a default hook for PyScript *workers* and compiles the
// worker hooks with Function() as soon as the main interpreter starts, even
// when the page starts no worker. Under our CSP (no 'unsafe-eval') that
// throws. The game runs on the main thread and starts no PyScript worker, so
// the hook is dropped here, before PyScript defines its script type (that
// happens only after its plugins have been fetched, long after this module
// runs). e2e/test_shell.py fails on any CSP violation, so a PyScript upgrade
// that changes this is caught.
import { hooks } from "../@PYSCRIPT_DIR@/core.js";

hooks.worker.onBeforeRunAsync.clear();
