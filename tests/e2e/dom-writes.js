// Issue #20 target 2: how much of the page an action rewrites, a figure the machine's load does
// not change. Two Easy computers play at the Instant pace for a few seconds (motion off, as in
// the tests); a MutationObserver counts the page's changes per frame (attribute writes, nodes
// added or removed, texts changed), by the part of the page they fall in.
// usage: node tests/e2e/dom-writes.js [game] [seconds]   (needs dist/: `make dist`)
const { startServer, launch, guardedPage, fresh } = require('./lib');

const SEATS = { herd: 2, 'toy-battle': 2, moonlight: 2, turncoats: 3, 'long-campaign': 3 };

(async () => {
  const game = process.argv[2] || 'toy-battle';
  const seconds = Number(process.argv[3] || 8);
  const server = await startServer(Number(process.env.E2E_PORT || 8769));
  const browser = await launch();
  try {
    const { page } = await guardedPage(browser.context, { width: 1280, height: 800 });
    await fresh(page, server.url);
    await page.click(`button[data-game="${game}"]`);
    for (let i = 0; i < SEATS[game]; i++) await page.selectOption(`[data-seat="${i}"] select`, 'easy', { timeout: 2000 }).catch(() => {});
    await page.click('[data-testid="start-game"]');
    await page.waitForSelector(`.table[data-game="${game}"]`);
    await page.evaluate(() => {
      window.__frames = [];
      let frame = null;
      new MutationObserver(records => {
        if (!frame) {
          frame = new Map();
          window.__frames.push(frame);
          requestAnimationFrame(() => { frame = null; });
        }
        for (const r of records) {
          const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
          const part = el && el.closest('svg, aside, [data-testid], .table > div');
          const name = part ? `${part.nodeName.toLowerCase()}.${(part.getAttribute('class') || '').split(' ').slice(0, 2).join('.')}` : '?';
          const key = `${r.type} in ${name}`;
          frame.set(key, (frame.get(key) || 0) + 1);
        }
      }).observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true });
    });
    await page.selectOption('.pace select', '0');
    await page.waitForTimeout(seconds * 1000);
    const frames = await page.evaluate(() => window.__frames.map(f => [...f.entries()]));
    const sizes = frames.map(f => f.reduce((n, [, k]) => n + k, 0)).filter(n => n > 1);
    const sorted = [...sizes].sort((a, b) => a - b);
    const median = sorted[sorted.length >> 1] || 0;
    console.log(`${game}: ${sizes.length} frames with changes, changes per frame median ${median}, max ${sorted[sorted.length - 1] || 0}`);
    const worst = frames.map(f => [f.reduce((n, [, k]) => n + k, 0), f]).sort((a, b) => b[0] - a[0])[0];
    if (worst) {
      console.log('  the largest frame, by part of the page:');
      for (const [key, n] of worst[1].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`    ${String(n).padStart(6)}  ${key}`);
    }
  } finally {
    await browser.close();
    server.stop();
  }
})().catch(e => { console.error(e); process.exit(1); });
