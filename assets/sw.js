// Turf's service worker: after the first visit every file of the app is in the cache, so Turf
// starts and plays with no network. The file list and version are written into this file by
// scripts/post-build.js at every release build; a new version replaces the old cache.
const VERSION = '__VERSION__';
const FILES = __PRECACHE__;
// Each game's own build (src/ui/builds.rs): kept when this visit has loaded it, never
// downloaded for the cache; the loader runs one only if the cache holds it.
const TABLES = __TABLES__;
const CACHE = 'turf-' + VERSION;

// The first visit has just downloaded the app: the install takes what the HTTP cache holds
// rather than downloading it a second time (issue #20). Only for the files whose name has their
// content's hash (Trunk's `-<16 hex>`): another file, the page or ai-worker.js, may be a stale
// copy of an older release in the HTTP cache, so it is asked for again (a small 304 when it has
// not changed).
const HASHED = /-[0-9a-f]{16}(_bg)?\.[a-z]+$/;
self.addEventListener('install', event => {
  const requests = ['./', ...FILES].map(f => new Request(f, { cache: HASHED.test(f) ? 'force-cache' : 'no-cache' }));
  // A game's build that the page loaded is in the HTTP cache: taken from there, and only then.
  const keepLoaded = cache => Promise.all(TABLES.map(f =>
    fetch(f, { cache: 'only-if-cached', mode: 'same-origin' })
      .then(response => (response.ok ? cache.put(f, response) : null))
      .catch(() => null)));
  event.waitUntil(caches.open(CACHE)
    .then(cache => cache.addAll(requests).then(() => keepLoaded(cache)))
    .then(() => self.skipWaiting()));
});

// Navigation preload: the browser asks for the page while this worker starts, instead of after
// it has started (a phone's cold start of a service worker takes tens of milliseconds). Not
// every engine has it; without it the page is fetched below as before.
self.addEventListener('activate', event => {
  const preload = self.registration.navigationPreload ? self.registration.navigationPreload.enable() : Promise.resolve();
  event.waitUntil(
    preload.catch(() => {}).then(() => caches.keys())
      .then(keys => Promise.all(keys.filter(k => k.startsWith('turf-') && k !== CACHE).map(k => caches.delete(k))))
      .then(() => self.clients.claim()));
});

// Cache first (the files are content-hashed or versioned with the cache); the page itself is
// fetched from the network when possible so a new release is seen, and from the cache offline.
// Offline is not always a network error: a proxy (a phone carrier's, an office's) answers for an
// unreachable site with its own error page (502, 504). Only a good answer replaces the cached
// page, and any other one falls back to it, or a single proxy error would leave a blank Turf
// until the network came back (seen in WebKit, whose test session goes through such a proxy).
self.addEventListener('fetch', event => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      Promise.resolve(event.preloadResponse)
        .then(preloaded => preloaded || fetch(request))
        .then(response => {
          if (!response.ok) return caches.match('./').then(cached => cached || response);
          const copy = response.clone();
          caches.open(CACHE).then(cache => cache.put('./', copy));
          return response;
        })
        .catch(() => caches.match('./')));
    return;
  }
  // A content-hashed file fetched from the network (a game's build loaded after the install)
  // is kept too, for the next visit and for offline play.
  event.respondWith(caches.match(request).then(hit => hit || fetch(request).then(response => {
    if (response.ok && HASHED.test(new URL(request.url).pathname)) {
      const copy = response.clone();
      caches.open(CACHE).then(cache => cache.put(request, copy)).catch(() => {});
    }
    return response;
  })));
});
