// Herd end to end: home -> setup -> a whole game against the Easy AI by clicking highlighted
// cells -> the result screen. Any console error or request leaving 127.0.0.1 fails the test.
const assert = require('assert');
const { guardedPage, shot, playUntilOver } = require('./lib');

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

  async 'a whole game of Herd against the Easy AI, by clicks'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await startHerd(page, url);
    await shot(page, 'herd-start-desktop');
    let sawThinking = false;
    page.on('console', () => {});
    const watcher = setInterval(async () => {
      try { if (await page.$('.table[data-thinking]')) sawThinking = true; } catch (e) { /* page closing */ }
    }, 50);
    const clicks = await playUntilOver(page);
    clearInterval(watcher);
    assert.ok(clicks > 5, 'the human made moves');
    const over = await page.textContent('[data-testid="game-over"]');
    assert.match(over, /wins?!|draw/i); // "You win!" for the default seat name
    assert.ok(sawThinking, 'the AI showed its thinking indicator');
    await shot(page, 'herd-over-desktop');
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
