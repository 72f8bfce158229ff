// Measures the review (issue #18) in Chromium: opens a whole Hard vs Hard game of each game from
// a file (`turf record --game G --a hard --b hard --seed 3`, in tests/e2e/fixtures), presses
// Review on its game-over screen, and prints the time to the chart, the marks, and the
// main-thread long tasks (> 50 ms) from the click to the chart.
// usage: node tests/e2e/review-bench.js [game…] (needs dist/: `make dist`)
const fs = require('fs');
const os = require('os');
const path = require('path');
const { startServer, launch, guardedPage, fresh } = require('./lib');

const GAMES = ['herd', 'toy-battle', 'moonlight', 'turncoats', 'long-campaign'];

(async () => {
  const games = process.argv.length > 2 ? process.argv.slice(2) : GAMES;
  const server = await startServer(8769);
  const browser = await launch();
  try {
    for (const game of games) {
      const { page } = await guardedPage(browser.context, { width: 1280, height: 800 });
      await fresh(page, server.url);
      const source = path.join(__dirname, 'fixtures', `hard-game-${game}.json`);
      const positions = JSON.parse(fs.readFileSync(source, 'utf8')).actions.length + 1;
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'turf-review-bench-')), 'game.json');
      fs.copyFileSync(source, file);
      await page.setInputFiles('[data-testid="import"]', file);
      await page.waitForSelector('[data-testid="review"]');
      await page.evaluate(() => {
        window.__long = [];
        new PerformanceObserver(list => { for (const e of list.getEntries()) window.__long.push(Math.round(e.duration)); })
          .observe({ type: 'longtask', buffered: false });
      });
      const started = Date.now();
      await page.click('[data-testid="review"]');
      await page.waitForSelector('[data-testid="review-chart"]', { timeout: 600000 });
      const seconds = (Date.now() - started) / 1000;
      const long = await page.evaluate(() => window.__long);
      const marks = await page.$$eval('[data-testid="review-chart"] [data-mark]', ms => ms.map(m => m.dataset.mark));
      const count = kind => marks.filter(m => m === kind).length;
      console.log(`${game}: ${positions} positions reviewed in ${seconds.toFixed(1)} s; ` +
        `${count('mistake')} mistakes, ${count('blunder')} blunders marked; ` +
        `${long.length} long tasks${long.length ? `, longest ${Math.max(...long)} ms` : ''}`);
      await page.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
})().catch(e => { console.error(e); process.exit(1); });
