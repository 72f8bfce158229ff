// Runs every *.test.js here against the release build in dist/ (build it first: `make dist`).
// usage: node tests/e2e/run.js [filter]
const fs = require('fs');
const path = require('path');
const { startServer, launch } = require('./lib');

(async () => {
  const filter = process.argv[2] || '';
  const files = fs.readdirSync(__dirname).filter(f => f.endsWith('.test.js') && f.includes(filter)).sort();
  const server = await startServer(Number(process.env.E2E_PORT || 8765));
  const browser = await launch();
  let failed = 0;
  try {
    for (const file of files) {
      const tests = require(path.join(__dirname, file));
      for (const [name, fn] of Object.entries(tests)) {
        const start = Date.now();
        try {
          await fn({ url: server.url, context: browser.context });
          console.log(`ok   ${file} › ${name} (${((Date.now() - start) / 1000).toFixed(1)}s)`);
        } catch (e) {
          failed++;
          console.log(`FAIL ${file} › ${name}\n     ${(e && e.stack || e).toString().split('\n').slice(0, 6).join('\n     ')}`);
        }
      }
    }
  } finally {
    await browser.close();
    server.stop();
  }
  if (failed) { console.log(`${failed} browser test(s) failed`); process.exit(1); }
  console.log('all browser tests passed');
})().catch(e => { console.error(e); process.exit(1); });
