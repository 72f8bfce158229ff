// Frames of the table's motion (src/ui/motion.rs) to look at: a Herd computer turn (stones
// leaving as ghosts, stones growing from the supply) and a Moonlight card laid from the hand,
// at desktop and phone size. Not a test: `node tests/e2e/motion-shots.js` (needs dist/) writes
// tests/e2e/artifacts/motion/*.png.
const fs = require('fs');
const path = require('path');
const { startServer, launch, guardedPage, fresh, ARTIFACTS } = require('./lib');

const OUT = path.join(ARTIFACTS, 'motion');

async function frames(page, name, count = 6, every = 70) {
  for (let i = 0; i < count; i++) {
    await page.screenshot({ path: path.join(OUT, `${name}-${i}.png`) });
    await page.waitForTimeout(every);
  }
}

(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  const server = await startServer(Number(process.env.E2E_PORT || 8769));
  const browser = await launch();
  try {
    for (const [size, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
      const { page } = await guardedPage(browser.context, viewport);
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await fresh(page, server.url);
      await page.click('button[data-game="herd"]');
      await page.selectOption('[data-seat="1"] select', 'easy');
      await page.selectOption('.options select >> nth=0', '4');
      await page.selectOption('.options select >> nth=1', '0');
      await page.click('[data-testid="start-game"]');
      await page.selectOption('.pace select', '800');
      while (await page.$('.table [data-legal]')) {
        const legal = await page.$$('.table [data-legal]');
        await legal[Math.floor(legal.length / 3)].click().catch(() => {});
        await page.waitForTimeout(60);
      }
      // The computer's turn: a frame as each of its actions lands.
      for (let k = 0; k < 4; k++) {
        await page.waitForSelector('.motion-ghost, [data-piece]', { timeout: 5000 }).catch(() => {});
        await page.waitForFunction(() => document.getAnimations().some(a => !(a instanceof CSSAnimation)), null, { timeout: 5000 }).catch(() => {});
        await frames(page, `herd-${size}-${k}`, 3, 90);
      }
      await fresh(page, server.url);
      await page.click('button[data-game="moonlight"]');
      await page.selectOption('[data-seat="1"] select', 'easy');
      await page.click('[data-testid="start-game"]');
      await page.waitForSelector('.ml-hand-card[data-legal]', { timeout: 30000 });
      await page.click('.ml-hand-card[data-legal]');
      await page.click('svg [data-legal]');
      await frames(page, `moonlight-${size}`, 5, 60);
      await page.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
})().catch(e => { console.error(e); process.exit(1); });
