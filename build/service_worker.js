// The static site's service worker (build/static_web.py writes it as sw.js, filling in the two lists):
// a second visit starts from this cache, with no server at all, and asks no host for anything.
//
// On install it stores what the Python worker fetches (Pyodide, its standard library, the app archive)
// and the page's shell; the page then sends the addresses it fetched itself before this worker took
// over (the client build its browser runs, CanvasKit or skwasm, fonts), and everything fetched later
// is stored as it passes. Cache first: a new build is a new cache name, so a new sw.js, which the
// browser installs beside the old one and which drops the old cache once it takes over.
"use strict";

const CACHE = "__CACHE__";
const PRECACHE = __PRECACHE__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name !== CACHE) {
          await caches.delete(name);
        }
      }
      await self.clients.claim();
    })()
  );
});

// Every page of the app is the one index page (the app routes by path): a navigation is answered with it.
function key(request) {
  return request.mode === "navigate" ? new URL("./", self.registration.scope).href : request.url;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const stored = await cache.match(key(request), { ignoreSearch: true });
      if (stored) {
        return stored;
      }
      const response = await fetch(request);
      if (response.ok && response.type === "basic" && !request.headers.has("range")) {
        await cache.put(key(request), response.clone());
      }
      return response;
    })()
  );
});

// The page's own early fetches: stored unless they already are, then the page is told the cache is whole.
self.addEventListener("message", (event) => {
  const urls = (event.data && event.data.cache) || [];
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const url of urls) {
        if (new URL(url).origin === self.location.origin && !(await cache.match(url, { ignoreSearch: true }))) {
          try {
            const response = await fetch(url);
            if (response.ok) {
              await cache.put(url, response);
            }
          } catch (error) {
            console.warn("Lantern could not keep", url, error);
          }
        }
      }
      if (event.source) {
        event.source.postMessage("lantern-cached");
      }
    })()
  );
});
