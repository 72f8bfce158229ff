// Turf's loader (issue #20), written into index.html by scripts/post-build.js in place of
// Trunk's, with the builds' file names written in (BUILDS). It picks which build of the app a
// visit runs before anything is downloaded (src/ui/builds.rs):
// - a game's own build (its rules, board and AI only: under a third of the whole app's
//   download) when the visit opens that game's table: a game tapped on the static home
//   (#play=<id>), or the table in progress of that game (localStorage's turf.current);
// - the whole app otherwise: the home page, an invitation (#join=), an online table in
//   progress, and the page a game's build hands over to (the session flag turf.whole).
// A tap on the static home while the whole app is still downloading stops that download and
// starts the game's build; the whole app, if it arrives first all the same, sees in
// window.turfBuild that it is not wanted and does not start.
// A game's build that fails before it starts (a broken download) gives way to the whole app,
// which opens the same game's setup or table.
// After the first visit the service worker holds the whole app, so a game's build runs only if
// the cache holds it too (the one played on the first visit does): Turf always opens offline.
(() => {
  const BUILDS = __BUILDS__;
  const PLAY = /^#play=([a-z-]+)$/;

  function askedForWhole() {
    try {
      const asked = sessionStorage.getItem('turf.whole');
      sessionStorage.removeItem('turf.whole');
      return asked !== null;
    } catch (e) {
      return false;
    }
  }

  // The game whose table this visit opens, if any.
  function tableGame() {
    const play = PLAY.exec(location.hash);
    if (play) return play[1];
    if (location.hash.startsWith('#join=')) return null;
    try {
      const id = localStorage.getItem('turf.current');
      const save = id && JSON.parse(localStorage.getItem('turf.save.' + id) || 'null');
      // An online table is the whole app's (src/ui/builds.rs).
      return (save && save.table && !save.table.online && save.table.game) || null;
    } catch (e) {
      return null;
    }
  }

  // Whether `game`'s own build can run now: it exists, and the network is not needed for it
  // when the service worker serves this page (offline, the whole app is what the cache holds).
  async function usable(game) {
    if (!game || game === 'app' || !Object.prototype.hasOwnProperty.call(BUILDS, game)) return false;
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return true;
    try {
      return Boolean(await caches.match(new URL(BUILDS[game][1], location.href).href));
    } catch (e) {
      return false;
    }
  }

  let stopWhole = null;
  async function run(name) {
    window.turfBuild = name;
    const [js, wasm] = BUILDS[name];
    const abort = name === 'app' && typeof AbortController === 'function' ? new AbortController() : null;
    stopWhole = abort && (() => abort.abort());
    if (name === 'app' && document.readyState === 'loading') {
      // The static home shows first: the whole app's download waits for the page and its
      // stylesheet (the static home's script holds the parser until the stylesheet is in).
      await new Promise(parsed => addEventListener('DOMContentLoaded', parsed, { once: true }));
      if (window.turfBuild !== name) return;
    }
    const response = fetch(wasm, abort ? { signal: abort.signal } : {});
    response.catch(() => {});
    try {
      const bindings = await import(js);
      const instance = await bindings.default({ module_or_path: response });
      if (window.turfBuild !== name) return;
      window.wasmBindings = bindings;
      dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm: instance } }));
    } catch (e) {
      if (window.turfBuild === name) throw e; // a superseded download was stopped on purpose
    }
  }

  // A game tapped on the static home while the whole app is downloading.
  function onTap() {
    const play = PLAY.exec(location.hash);
    if (!play || window.wasmBindings || window.turfBuild !== 'app') return;
    usable(play[1]).then(ok => {
      if (!ok || window.wasmBindings || window.turfBuild !== 'app') return;
      stopWhole();
      run(play[1]);
    });
  }

  const game = askedForWhole() ? null : tableGame();
  usable(game).then(ok => {
    if (ok) {
      return run(game).catch(error => {
        if (window.turfStarted === game) throw error;
        console.warn(`Turf: ${game}'s own build did not start (${error}); loading the whole app`);
        return run('app');
      });
    }
    if (typeof AbortController === 'function') addEventListener('hashchange', onTap);
    return run('app');
  });
})();
