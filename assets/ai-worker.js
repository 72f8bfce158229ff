// The AI worker runs the app's own wasm: src/bin/turf-web.rs finds no window here and serves AI
// requests instead of mounting the app, so the rules and the AI are downloaded once, not twice.
// scripts/post-build.js writes the hashed names of the app's files in place of the two markers.
import init from './__APP_JS__';

init({ module_or_path: './__APP_WASM__' });
