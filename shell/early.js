// The page's first script: a classic one, placed before the stylesheets so
// that nothing holds it back. It starts looking up the snapshot an earlier
// visit stored (Cache Storage: a few hundred milliseconds of
// waiting on a phone, overlapped here with parsing and drawing the page)
// for shell/pyodide-boot.mjs, a module that runs only after the stylesheets
// and the first paint. It leaves in spiderShell.early:
//  * snapshots: whether snapshots are on at all (?snapshot=off in the
//    address, or localStorage["spider.snapshot"] = "off", turn them off);
//  * stored: a promise of the stored snapshot's response, or of null.
"use strict";

(() => {
  const VERSION = "@PYODIDE_VERSION@";
  const BUILD = "@BUILD@";
  const SITE = new URL("../", document.currentScript.src);
  const SNAPSHOT_CACHE = `spider-snapshot-${VERSION}-${BUILD}`;
  const SNAPSHOT_URL = new URL(`.snapshot/pyodide-${VERSION}-${BUILD}.bin`, SITE).href;

  function snapshotsEnabled() {
    if (typeof caches === "undefined" || typeof Worker === "undefined") return false;
    try {
      const flag = new URLSearchParams(location.search).get("snapshot");
      if (flag === "off" || flag === "0") return false;
      if (localStorage.getItem("spider.snapshot") === "off") return false;
    } catch {
      // storage may be blocked: snapshots stay on
    }
    return true;
  }

  const snapshots = snapshotsEnabled();
  const stored = snapshots
    ? caches.open(SNAPSHOT_CACHE).then((cache) => cache.match(SNAPSHOT_URL))
    : Promise.resolve(null);
  stored.catch(() => {}); // handled where it is awaited
  const shell = (globalThis.spiderShell ??= {});
  shell.early = { snapshots, stored };
})();
