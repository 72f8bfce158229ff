// Herd in Chromium: the home page and the phone fit at 360x740 (a whole game by taps runs in
// every engine: games.engines.js). Any console error or request leaving 127.0.0.1 fails a test.
const assert = require('assert');
const { guardedPage, shot } = require('./lib');

async function startHerd(page, url, { side = '4', opponent = 'easy' } = {}) {
  await page.goto(url);
  await page.click('[data-game="herd"]');
  await page.selectOption('[data-seat="1"] select', opponent);
  await page.selectOption('.options select >> nth=0', side);
  await page.click('[data-testid="start-game"]');
  await page.waitForSelector('.table[data-game="herd"]');
}

module.exports = {
  async 'home page lists the five games, Herd playable'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await page.goto(url);
    for (const id of ['herd', 'toy-battle', 'turncoats', 'moonlight', 'long-campaign']) {
      assert.ok(await page.$(`[data-game="${id}"]`), `card for ${id}`);
    }
    assert.ok(await page.$('button[data-game="herd"]'), 'Herd can be started');
    await shot(page, 'home-desktop');
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'the board fits a phone screen'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 360, height: 740 });
    await startHerd(page, url, { side: '7', opponent: 'human' });
    const legal = await page.$$('[data-legal]');
    await legal[Math.floor(legal.length / 2)].click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `no horizontal scrolling (scrollWidth ${width})`);
    const box = await (await page.$('svg.herd-board')).boundingBox();
    assert.ok(box.width <= 360 && box.width > 300, `board spans the phone width (${box.width})`);
    await shot(page, 'herd-phone');
    assert.deepStrictEqual(problems, []);
    await page.close();
  },
};
