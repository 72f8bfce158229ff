// Measures how fast Turf gets to a playable board: 10 loads of a page with a game in progress
// (a reload goes straight back to its table), from navigation start to the first clickable
// legal cell; prints the median and the download size of the app (gzip, like GitHub Pages).
// usage: node tests/e2e/load.js (needs dist/: `make dist`)
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { startServer, launch, guardedPage, ROOT } = require('./lib');

(async () => {
  const server = await startServer(8768);
  const browser = await launch();
  try {
    const { page, problems } = await guardedPage(browser.context, { width: 1280, height: 800 });
    await page.goto(server.url);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.click('button[data-game="herd"]');
    await page.selectOption('[data-seat="1"] select', 'human');
    await page.click('[data-testid="start-game"]');
    await page.waitForSelector('[data-legal]');
    await page.addInitScript(() => {
      new MutationObserver((_, obs) => {
        if (document.querySelector('[data-legal]')) {
          window.__interactive = performance.now();
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const times = [];
    for (let i = 0; i < 10; i++) {
      await page.reload();
      await page.waitForFunction(() => window.__interactive !== undefined);
      times.push(await page.evaluate(() => window.__interactive));
    }
    times.sort((a, b) => a - b);
    const median = (times[4] + times[5]) / 2;
    console.log(`Navigation to an interactive board: median ${median.toFixed(0)} ms of 10 loads (min ${times[0].toFixed(0)}, max ${times[9].toFixed(0)})`);
    if (problems.length) console.log('problems:', problems);
  } finally {
    await browser.close();
    server.stop();
  }
  const dist = path.join(ROOT, 'dist');
  let total = 0;
  const rows = [];
  for (const f of fs.readdirSync(dist)) {
    if (f.endsWith('.png')) continue; // install icons: fetched only when installing
    const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length;
    total += gz;
    rows.push(`${f}: ${(gz / 1024).toFixed(0)} KB`);
  }
  console.log(rows.join('\n'));
  console.log(`Whole app download (gzip -9, without the install icons): ${(total / 1024).toFixed(0)} KB`);
})().catch(e => { console.error(e); process.exit(1); });
