// @ts-check
// Service worker: the whole site, offline, one version at a time.
//
// The build (python -m tools.build, its module tools/build/templates.py) fills
// in BUILD (a hash of the built site's content) and PRECACHE (every file of the build with its SHA-256), so this file changes
// whenever anything in the site changes, and the browser installs the new
// version beside the old one.
//
// * install: fetch every file of this version into the cache "spider-site-BUILD",
//   checking each against its SHA-256, so a half-deployed server can never
//   produce a mixed cache (the install fails and is retried later);
// * fetch: a precached URL is answered from this version's cache only:
//   module scripts with a response of our own holding the same bytes and
//   headers (fromCache says why), everything else (the wasm, classic scripts,
//   the rest) with the cached response as it is, which keeps the wasm's code
//   cache and early.js's; ranged requests and anything else go to the network;
// * a new version waits until the page asks it to take over ("Update ready —
//   Reload", shell/boot.js) or until no page of the old version is open;
// * activate: old versions' caches and snapshots are deleted.

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const BUILD = "@BUILD@";
const PYODIDE_VERSION = "@PYODIDE_VERSION@";
/** @type {Record<string, string>} site path -> SHA-256 */
const PRECACHE = /*@PRECACHE@*/{};

const CACHE = `spider-site-${BUILD}`;
const SNAPSHOT_CACHE = `spider-snapshot-${PYODIDE_VERSION}-${BUILD}`;
const SCOPE = new URL("./", sw.location.href).href;
/** @typedef {[string, string, boolean]} FileMeta relative path, sha256, vendored (immutable) */
/** @type {Map<string, FileMeta>} absolute URL -> what is known of it */
const FILES = new Map(
  Object.entries(PRECACHE).map(([path, hash]) => [
    new URL(path, SCOPE).href,
    [path, hash, path.startsWith("vendor/")],
  ]),
);
const INDEX = new URL("index.html", SCOPE).href;

const hex = (/** @type {ArrayBuffer} */ buffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

/** @param {string} url @param {FileMeta} meta */
async function fetchChecked(url, [path, hash, immutable]) {
  // Versioned vendor files may come from the HTTP cache; our own files are
  // revalidated so that they are this version's.
  const response = await fetch(url, { cache: immutable ? "default" : "no-cache" });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const digest = hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
  if (digest !== hash) throw new Error(`${path}: content does not match this version`);
  return response;
}

async function precache() {
  const cache = await caches.open(CACHE);
  const queue = [...FILES.entries()];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const [url, meta] = item;
      if (await cache.match(url)) continue;
      await cache.put(url, await fetchChecked(url, meta));
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

sw.addEventListener("install", (event) => {
  event.waitUntil(
    precache().catch(async (error) => {
      await caches.delete(CACHE);
      throw error;
    }),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("spider-") && name !== CACHE && name !== SNAPSHOT_CACHE) {
          await caches.delete(name);
        }
      }
    })(),
  );
});

sw.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") sw.skipWaiting();
});

/** @param {string} url @param {Request} request */
async function fromCache(url, request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(url);
  // A cache evicted by the browser: the network, if there is one.
  if (!cached) return fetch(request);
  // A module script answered from the cache as itself would make Chromium
  // write a code cache for it (Pyodide's 1 MB module: 1.7 MB, 70 ms of the
  // main thread on the phone profile, at the first start after install)
  // that no later start reads. The same bytes in a response of our own make
  // it write none. Classic scripts (early.js) do read theirs: they stay as
  // they are.
  if (request.destination === "script" && request.mode === "cors") {
    return new Response(await cached.blob(), { status: cached.status, statusText: cached.statusText, headers: cached.headers });
  }
  return cached;
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  let key = url.origin + url.pathname;
  if (request.mode === "navigate" && key === SCOPE) key = INDEX;
  if (!FILES.has(key)) return;
  event.respondWith(fromCache(key, request));
});
