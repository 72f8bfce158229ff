// Screenshots of the home page's pictures and the setup's previews (issue #21), on a desktop
// (1280×800) and a phone (390×844), into tests/e2e/artifacts/home/, to look at.
// usage: node tests/e2e/home-shots.js [port]   (needs dist/: `make dist`)
const fs = require('fs');
const path = require('path');
const { startServer, launch, ARTIFACTS } = require('./lib');

const DIR = path.join(ARTIFACTS, 'home');

// The page a screenful at a time, as a player scrolls it: `name-1.png`, `name-2.png`, … Not
// Playwright's full-page or element shots, which lay the page out in one tall viewport (a
// viewport no device has, and Chromium then painted Long Campaign's map stretched).
async function pages(page, name) {
  const { height, total } = await page.evaluate(() => ({ height: innerHeight, total: document.documentElement.scrollHeight }));
  for (let i = 0, y = 0; y < total; i++, y += height) {
    await page.evaluate(y => scrollTo(0, y), y);
    await page.waitForTimeout(100);
    await page.screenshot({ path: path.join(DIR, `${name}-${i + 1}.png`) });
  }
  await page.evaluate(() => scrollTo(0, 0));
}

// One element, scrolled into the viewport and clipped from it.
async function element(page, selector, name) {
  await page.$eval(selector, e => e.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(100);
  const box = await page.$eval(selector, e => (r => ({ x: r.x, y: r.y, width: r.width, height: r.height }))(e.getBoundingClientRect()));
  await page.screenshot({ path: path.join(DIR, name + '.png'), clip: box });
}

(async () => {
  fs.mkdirSync(DIR, { recursive: true });
  const server = await startServer(Number(process.argv[2] || 8870));
  const browser = await launch();
  try {
    for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      await page.goto(server.url);
      await page.evaluate(() => { localStorage.clear(); localStorage.setItem('turf.lang', 'en'); });
      await page.goto(server.url);
      await page.waitForFunction(() => document.querySelectorAll('[data-miniature].drawn svg.board').length === 5);
      await pages(page, `home-${name}`);
      for (const id of ['herd', 'toy-battle', 'turncoats', 'moonlight', 'long-campaign']) {
        await element(page, `.card [data-miniature="${id}"]`, `card-${id}-${name}`);
      }
      await page.click('button[data-game="herd"]');
      await page.selectOption('.options select >> nth=0', '7');
      await page.waitForFunction(() => document.querySelectorAll('.setup-preview.drawn .cell').length === 127);
      await pages(page, `setup-herd-huge-${name}`);
      await page.click('.setup .actions button:not([data-testid])');
      await page.click('button[data-game="toy-battle"]');
      await page.waitForSelector('.setup-preview.drawn svg.board');
      await pages(page, `setup-toy-battle-${name}`);
      const terrains = await page.$$eval('[data-testid="tb-terrain"] option', os => os.map(o => o.value));
      const before = await page.$eval('.setup-preview svg.board', e => e.outerHTML);
      await page.selectOption('[data-testid="tb-terrain"]', terrains[3]);
      await page.waitForFunction(b => document.querySelector('.setup-preview.drawn svg.board')?.outerHTML !== b, before);
      await pages(page, `setup-toy-battle-${terrains[3]}-${name}`);
      await page.click('[data-testid="start-game"]');
      await page.waitForSelector('[data-testid="sounds"]');
      await element(page, '.table-actions', `table-controls-${name}`);
      await page.close();
    }
    console.log('screenshots in ' + DIR);
  } finally {
    await browser.close();
    server.stop();
  }
})().catch(e => { console.error(e); process.exit(1); });
