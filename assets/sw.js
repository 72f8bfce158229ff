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

// No navigation preload (an earlier release had it): the page comes from the cache below, and a
// preload would only send a request at every visit. The cache of the release before this one
// stays until the next release: a page of that release still open (its AI worker, a game's build
// it loads later) finds its files there. Older ones go. (CacheStorage lists caches in the order
// they were made.)
self.addEventListener('activate', event => {
  const preload = self.registration.navigationPreload ? self.registration.navigationPreload.disable() : Promise.resolve();
  event.waitUntil(
    preload.catch(() => {}).then(() => caches.keys())
      .then(keys => {
        const older = keys.filter(k => k.startsWith('turf-') && k !== CACHE);
        return Promise.all(older.slice(0, -1).map(k => caches.delete(k)));
      })
      .then(() => self.clients.claim()));
});

// This release's files first, then the release before's (a page of it still open).
const cached = request => caches.open(CACHE).then(cache => cache.match(request)).then(hit => hit || caches.match(request));

// The page (Turf's own address, or its index.html) comes from the cache: it is this release's,
// put there by the install with the files it names, so a visit after the first starts without
// waiting for the network: a phone on Slow 4G waited a round trip (150 ms or more) for it at
// every visit. A new release is seen one visit later: the browser checks sw.js at every visit,
// and a changed one installs the new release's page and files, then takes over, and the next
// visit opens the new page. Without a cached page (the install has not finished) the page comes
// from the network, and from any cache offline. Offline is not always a network error: a proxy
// (a phone carrier's, an office's) answers for an unreachable site with its own error page
// (502, 504); only a good answer is taken, or a single proxy error would leave a blank Turf
// until the network came back (seen in WebKit, whose test session goes through such a proxy).
// Content-hashed files, and the others versioned with the cache, come from the cache too.
const SCOPE = new URL(self.registration.scope).pathname;
self.addEventListener('fetch', event => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    const page = url.pathname === SCOPE || url.pathname === SCOPE + 'index.html';
    const network = () => fetch(request)
      .then(response => (response.ok ? response : cached('./').then(hit => hit || response)))
      .catch(() => cached('./'));
    event.respondWith(page ? cached('./').then(hit => hit || network()) : network());
    return;
  }
  // A content-hashed file fetched from the network (a game's build loaded after the install)
  // is kept too, for the next visit and for offline play.
  event.respondWith(cached(request).then(hit => hit || fetch(request).then(response => {
    if (response.ok && HASHED.test(url.pathname)) {
      const copy = response.clone();
      caches.open(CACHE).then(cache => cache.put(request, copy)).catch(() => {});
    }
    return response;
  })));
});
