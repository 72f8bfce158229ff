// Measures the AI in Chromium: runs `turf bench`'s code inside the real AI worker (WASM) and,
// while two AIs play Herd on the page, records main-thread long tasks (> 50 ms).
// usage: [THROTTLE=4] node tests/e2e/bench.js [game] [options JSON, e.g. '{"players":5}'] (needs
// dist/: `make dist`). THROTTLE slows the page's CPU through DevTools (Emulation.setCPUThrottlingRate),
// as the first-visit profile does; the figures say whether the AI worker is slowed with it.
const { startServer, launch, guardedPage } = require('./lib');

(async () => {
  const game = process.argv[2] || 'herd';
  const options = process.argv[3] || null;
  const server = await startServer(8767);
  const browser = await launch();
  try {
    const { page } = await guardedPage(browser.context, { width: 1280, height: 800 });
    await page.goto(server.url);
    if (process.env.THROTTLE) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.THROTTLE) });
    }
    const report = await page.evaluate(async ([game, options]) => {
      const worker = new Worker('./ai-worker.js', { type: 'module' });
      return await new Promise((resolve) => {
        worker.onmessage = (e) => {
          if (e.data === 'ready') worker.postMessage('bench:' + JSON.stringify({ game, seconds: 3, decisions: 40, options }));
          else if (String(e.data).startsWith('bench:')) resolve(JSON.parse(e.data.slice(6)));
        };
      });
    }, [game, options]);
    console.log('WASM (Chromium worker):', JSON.stringify(report, null, 1));

    if (game === 'herd') {
      await page.evaluate(() => {
        window.__long = [];
        new PerformanceObserver(list => { for (const e of list.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); })
          .observe({ type: 'longtask', buffered: false });
      });
      await page.click('[data-game="herd"]');
      await page.selectOption('[data-seat="0"] select', 'hard');
      await page.selectOption('[data-seat="1"] select', 'hard');
      const started = await page.evaluate(() => performance.now());
      await page.click('[data-testid="start-game"]');
      await page.waitForTimeout(30000);
      const long = await page.evaluate(() => window.__long);
      const moves = await page.$$eval('.log li', els => els.length);
      const longest = long.length ? Math.max(...long.map(([, d]) => d)) : 0;
      const when = long.map(([t, d]) => `${d} ms at +${t - Math.round(started)} ms`).join(', ');
      console.log(`Main thread while Hard vs Hard played ${moves} logged actions for 30 s: ${long.length} long tasks, longest ${longest} ms${when ? ` (${when}, counted from the start click)` : ''}`);
    }
  } finally {
    await browser.close();
    server.stop();
  }
})().catch(e => { console.error(e); process.exit(1); });
