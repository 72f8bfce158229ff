// Runs the browser tests against the release build in dist/ (build it first: `make dist`):
// every *.engines.js in each engine (Chromium, WebKit, Firefox; see engines.js), and every
// *.test.js in Chromium only.
// usage: node tests/e2e/run.js [filter]   (a part of the file names to run)
// E2E_ENGINES=webkit,firefox picks engines (default all three); E2E_ONLY=words runs only the
// tests whose name holds them; E2E_PORT is the first of the six ports used (server, offline
// server, WebKitWebDriver, geckodriver, the offline test's second server, WebKit's server).
const fs = require('fs');
const path = require('path');
const { startServer, launch } = require('./lib');
const { ENGINES, openEngine } = require('./engines');

(async () => {
  const filter = process.argv[2] || '';
  const only = process.env.E2E_ONLY || '';
  const engines = (process.env.E2E_ENGINES || ENGINES.join(',')).split(',').filter(Boolean);
  for (const e of engines) if (!ENGINES.includes(e)) throw new Error('unknown engine ' + e);
  const files = suffix => fs.readdirSync(__dirname).filter(f => f.endsWith(suffix) && f.includes(filter)).sort();
  const basePort = Number(process.env.E2E_PORT || 8765);
  const server = await startServer(basePort);
  const browser = await launch();
  let failed = 0, passed = 0;
  const lost = [];
  const timings = [];
  const failure = (e, lines = 8) => (e && e.stack || e).toString().split('\n').slice(0, lines).join('\n     ');
  // `engineLost(e)`, for a WebDriver engine, says whether the failure `e` came with the loss of
  // the browser itself (WebKitWebDriver answers "session deleted because of page crash or hang"
  // once MiniBrowser is gone); then `restart()` opens a new session and the test runs once
  // more in it, and the run says so. A test that fails again fails; an assertion never retries.
  const runFile = async (file, label, args, { engineLost, restart } = {}) => {
    const tests = require(path.join(__dirname, file));
    for (const [name, fn] of Object.entries(tests)) {
      if (only && !name.includes(only)) continue;
      for (let attempt = 1; ; attempt++) {
        const start = Date.now();
        try {
          await fn(args());
          passed++;
          console.log(`ok   ${label}${file} › ${name} (${((Date.now() - start) / 1000).toFixed(1)}s)${attempt > 1 ? ' (in a new browser session)' : ''}`);
        } catch (e) {
          if (attempt === 1 && engineLost && await engineLost(e)) {
            lost.push(`${label}${file} › ${name}`);
            console.log(`LOST ${label}${file} › ${name}: the browser went away, a new session runs it again\n     ${failure(e)}`);
            await restart();
            continue;
          }
          failed++;
          console.log(`FAIL ${label}${file} › ${name}\n     ${failure(e)}`);
        }
        break;
      }
    }
  };
  try {
    if (engines.includes('chromium')) {
      const start = Date.now();
      for (const file of files('.test.js')) await runFile(file, '', () => ({ url: server.url, context: browser.context }));
      timings.push(`Chromium-only tests ${((Date.now() - start) / 1000).toFixed(0)} s`);
    }
    for (const name of engines) {
      const list = files('.engines.js');
      if (!list.length) continue;
      const start = Date.now();
      const open = () => openEngine(name, { context: browser.context, basePort, url: server.url });
      let engine;
      try {
        engine = await open();
      } catch (e) {
        failed++;
        console.log(`FAIL [${name}] could not start: ${failure(e, 6)}`);
        continue;
      }
      const recovery = {
        engineLost: e => engine.lost ? engine.lost(e) : false,
        restart: async () => {
          console.log(engine.logTail ? engine.logTail() : '');
          await engine.close();
          engine = await open();
        },
      };
      try {
        for (const file of list) await runFile(file, `[${name}] `, () => ({ url: engine.url, engine, basePort }), recovery);
      } finally {
        await engine.close();
      }
      timings.push(`${name}: every-engine tests ${((Date.now() - start) / 1000).toFixed(0)} s`);
    }
  } finally {
    await browser.close();
    server.stop();
  }
  console.log('timings: ' + timings.join('; '));
  if (lost.length) console.log(`the browser went away during ${lost.length} test(s), each then run again: ${lost.join('; ')}`);
  console.log(`${passed} passed, ${failed} failed`);
  if (failed) { console.log(`${failed} browser test(s) failed`); process.exit(1); }
  console.log('all browser tests passed');
})().catch(e => { console.error(e); process.exit(1); });
