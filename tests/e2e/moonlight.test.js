// Moonlight in Chromium: the phone fit at 360x740 and the two-human hand-off hiding the previous
// hand, with keyboard play (a whole match by taps runs in every engine: games.engines.js).
// Any console error or request leaving 127.0.0.1 fails the test.
const assert = require('assert');
const { guardedPage, shot, easyTable } = require('./lib');

async function startMoonlight(page, url, { opponent = 'easy', start = 'random', light = 'random' } = {}) {
  // A fresh start: no saved game to resume from an earlier test.
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(url);
  await page.click('[data-game="moonlight"]');
  await page.selectOption('[data-seat="1"] select', opponent);
  await page.selectOption('.options select >> nth=0', start);
  await page.selectOption('.options select >> nth=1', light);
  await page.click('[data-testid="start-game"]');
  await page.waitForSelector('.table[data-game="moonlight"]');
}

module.exports = {
  // The steps of a round's scoring come one by one, unless the player asked for less motion
  // (these tests run with prefers-reduced-motion): then they are all there at once.
  async 'with reduced motion the round scoring shows every step at the round\'s end'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await easyTable(page, url, 'moonlight');
    await page.selectOption('.pace select', '250');
    // Read in the same frame that finds the steps: once the computer has closed the round, the
    // scoring leaves the top for its place below the board.
    const found = await page.waitForFunction(() => {
      const steps = [...document.querySelectorAll('.ml-top [data-testid="ml-scoring"] .ml-step')];
      return steps.length > 0 && steps.map(e => getComputedStyle(e).opacity);
    }, null, { timeout: 120000, polling: 'raf' });
    const opacities = await found.jsonValue();
    assert.ok(opacities.length >= 5, `the scoring's steps: ${opacities}`);
    assert.deepStrictEqual(opacities.filter(o => o !== '1'), [], 'every step is shown');
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'the Moonlight board fits a phone screen'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 360, height: 740 });
    await startMoonlight(page, url, { start: '0' });
    // Play a few turns so the panorama grows.
    for (let turn = 0; turn < 4; turn++) {
      await page.waitForSelector('.ml-hand-card[data-legal]', { timeout: 60000 });
      await page.click('.ml-hand-card[data-legal] >> nth=0');
      await page.waitForSelector('.ml-cell[data-legal]');
      const cells = await page.$$('.ml-cell[data-legal]');
      await cells[Math.floor(cells.length / 2)].click();
    }
    await page.waitForSelector('.ml-hand-card[data-legal]', { timeout: 60000 });
    await page.click('.ml-hand-card[data-legal] >> nth=0');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `no horizontal scrolling (scrollWidth ${width})`);
    const box = await (await page.$('svg.moonlight-board')).boundingBox();
    assert.ok(box.width <= 360 && box.width > 250, `board spans the phone width (${box.width})`);
    for (const el of await page.$$('.ml-hand-card')) {
      const b = await el.boundingBox();
      assert.ok(b.x >= 0 && b.x + b.width <= 360, 'hand card on screen');
    }
    await shot(page, 'moonlight-phone');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot(page, 'moonlight-phone-bottom');
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'two humans: the hand-off screen hides the previous hand'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await startMoonlight(page, url, { opponent: 'human', start: '0', light: '0' });
    const handOf = () => page.$$eval('.ml-hand-card', els => els.map(e => e.dataset.card));
    // The deal is already in the record, so the table may open behind the hand-off screen.
    await page.waitForSelector('.ml-hand-card, [data-testid="handoff-ready"]');
    if (await page.$('[data-testid="handoff-ready"]')) await page.click('[data-testid="handoff-ready"]');
    await page.waitForSelector('.ml-hand-card');
    const first = await handOf();
    assert.ok(first.length === 3 && first.every(c => c.startsWith('L-')), `Light's hand shows: ${first}`);
    await page.click('.ml-hand-card[data-legal] >> nth=0');
    await page.click('.ml-cell[data-legal] >> nth=0');
    await page.waitForSelector('[data-testid="handoff-ready"]');
    assert.strictEqual(await page.$('[data-testid="ml-hand"]'), null, 'no hand in the DOM during the hand-off');
    assert.strictEqual(await page.$('[data-card]'), null, 'no card of the previous hand in the DOM');
    const html = await page.content();
    for (const card of first) assert.ok(!html.includes(`data-card="${card}"`), `${card} not in the page`);
    await shot(page, 'moonlight-handoff');
    await page.click('[data-testid="handoff-ready"]');
    await page.waitForSelector('.ml-hand-card');
    const second = await handOf();
    assert.ok(second.length === 3 && second.every(c => c.startsWith('D-')), `Dark's hand shows: ${second}`);
    await shot(page, 'moonlight-second-player');
    // Keyboard play: a hand card and then a highlighted cell, by Enter.
    await page.focus('.ml-hand-card[data-legal] >> nth=0');
    await page.keyboard.press('Enter');
    await page.focus('.ml-cell[data-legal] >> nth=0');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="handoff-ready"]');
    await page.click('[data-testid="handoff-ready"]');
    await page.click('details.rules summary');
    // The summary is built when it first opens (on the toggle event).
    const rules = await page.waitForSelector('.moonlight-rules', { timeout: 5000 }).catch(() => null);
    assert.ok(rules, 'the rules summary opens');
    await rules.scrollIntoViewIfNeeded();
    await shot(page, 'moonlight-rules');
    assert.deepStrictEqual(problems, []);
    await page.close();
  },
};
