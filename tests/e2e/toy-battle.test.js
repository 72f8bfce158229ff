// Toy Battle in Chromium: games on three more Terrains played by clicks, the phone layout at
// 360x740, and Undo refused after Skully's draw (Castle Field by taps and the pass-and-play
// hand-off run in every engine: games.engines.js, product.engines.js). Any console error or
// request leaving 127.0.0.1 fails a test.
const assert = require('assert');
const path = require('path');
const { guardedPage, shot } = require('./lib');

async function startToyBattle(page, url, { opponent = 'easy', terrain = 'castle', beginner = false } = {}) {
  // A game left open by an earlier test would be resumed: start from a clean slate.
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(url);
  await page.click('button[data-game="toy-battle"]');
  await page.selectOption('[data-seat="1"] select', opponent);
  await page.selectOption('[data-testid="tb-terrain"]', terrain);
  if (beginner) await page.check('[data-testid="tb-beginner"]');
  await page.click('[data-testid="start-game"]');
  await page.waitForSelector('.table[data-game="toy-battle"]');
}

// Click `[data-legal]` elements until the game ends, preferring to act on the Terrain so a
// game ends in a few minutes; shots of the first sub-choice prompt and of the middle game.
async function playByClicks(page, { maxClicks = 2500, prefix = 'toy-battle' } = {}) {
  let clicks = 0;
  let shotChoice = false;
  for (;;) {
    if (await page.$('[data-testid="game-over"]')) return clicks;
    const ready = await page.$('[data-testid="handoff-ready"]');
    if (ready) { await ready.click(); continue; }
    const all = await page.$$('[data-legal]');
    if (all.length === 0) {
      await page.waitForFunction(() => document.querySelector('[data-legal]') || document.querySelector('[data-testid="game-over"]') || document.querySelector('[data-testid="handoff-ready"]'), null, { timeout: 60000 });
      continue;
    }
    if (!shotChoice && await page.$('.tb-banner.tb-act button.tb-skip')) {
      shotChoice = true;
      await shot(page, prefix + '-subchoice-desktop');
    }
    if (clicks === 40) await shot(page, prefix + '-middle-desktop');
    const nodes = await page.$$('.tb-node[data-legal]');
    const banner = await page.$$('.tb-banner [data-legal]');
    const rack = await page.$$('.tb-rack-tile[data-legal]');
    const draw = await page.$$('.tb-draw[data-legal]');
    let pool;
    if (nodes.length && Math.random() < 0.85) pool = nodes;
    else if (banner.length) pool = banner;
    else if (rack.length && (draw.length === 0 || Math.random() < 0.75)) pool = rack;
    else if (draw.length) pool = draw;
    else pool = all;
    try {
      await pool[Math.floor(Math.random() * pool.length)].click({ timeout: 2000 });
      clicks++;
    } catch (e) {
      // The board re-rendered under the pointer: look again.
    }
    if (clicks > maxClicks) throw new Error('game did not end after ' + maxClicks + ' clicks');
  }
}

module.exports = {
  async 'games on Volcanic Jungle, Cursed Cemetery and Tropical Pool play to the end by clicks'({ url, context }) {
    for (const terrain of ['jungle', 'cemetery', 'pool']) {
      const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
      await startToyBattle(page, url, { terrain });
      assert.ok(await page.$(`svg.tb-board.tb-terrain-${terrain}`), `${terrain} is on the table`);
      const clicks = await playByClicks(page, { prefix: 'toy-battle-' + terrain });
      console.log(`     ${terrain}: game over after ${clicks} clicks`);
      await shot(page, `toy-battle-${terrain}-over`);
      assert.deepStrictEqual(problems, []);
      await page.close();
    }
  },

  async 'the Toy Battle board fits a phone screen'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 360, height: 740 });
    await startToyBattle(page, url, { opponent: 'easy', terrain: 'clouds' });
    await page.waitForSelector('.tb-rack-tile[data-legal], .tb-draw[data-legal]');
    const tile = await page.$('.tb-rack-tile[data-legal]');
    if (tile) {
      await tile.click();
      assert.ok((await page.$$('.tb-node[data-legal]')).length > 0, 'targets light up for the picked Troop');
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `no horizontal scrolling (scrollWidth ${width})`);
    const board = await page.$('svg.tb-board');
    assert.ok(await page.$('svg.tb-board.tb-portrait'), 'the Terrain stands upright on a phone');
    const box = await board.boundingBox();
    assert.ok(box.width <= 360 && box.width > 300, `board spans the phone width (${box.width})`);
    const rackBox = await (await page.$('[data-testid="tb-rack"]')).boundingBox();
    assert.ok(rackBox.x >= 0 && rackBox.x + rackBox.width <= 360, 'the rack fits the width');
    await shot(page, 'toy-battle-phone');
    // The whole page, to look at what lies below the fold.
    await page.screenshot({ path: require('path').join(require('./lib').ARTIFACTS, 'toy-battle-phone-full.png'), fullPage: true });
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'undo is refused once Skully has drawn, with the Draw base still to choose'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await page.goto(url);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.setInputFiles('[data-testid="import"]', path.join(__dirname, 'fixtures', 'toy-battle-skully-on-a-draw-base.json'));
    await page.waitForSelector('.table[data-game="toy-battle"]');
    const ready = await page.$('[data-testid="handoff-ready"]');
    if (ready) await ready.click();
    await page.click('.tb-rack-tile[data-troop="Skully"][data-legal]');
    await page.click('.tb-node[data-node="19"][data-legal]');
    const undo = '[data-testid="undo"]';
    await page.waitForSelector('.tb-banner [data-legal]');
    assert.strictEqual(await page.isEnabled(undo), true, 'nothing drawn yet: the placement can be taken back');
    await page.click('.tb-banner [data-legal]:has-text("Draw 2")');
    await page.waitForSelector('.tb-banner [data-legal]:has-text("Draw 1")');
    assert.strictEqual(await page.isEnabled(undo), false, "Skully's Troops were seen: no Undo");
    await shot(page, 'toy-battle-undo-refused-after-skully');
    await page.evaluate(() => localStorage.clear());
    assert.deepStrictEqual(problems, []);
    await page.close();
  },
};
