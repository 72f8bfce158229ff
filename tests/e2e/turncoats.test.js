// Turncoats in Chromium: the pass-and-play hand-off hiding the previous hand and the phone fit
// at 360x740 (a 3-player game by taps runs in every engine: games.engines.js). Any console
// error or request leaving 127.0.0.1 fails a test.
const assert = require('assert');
const { guardedPage, shot } = require('./lib');

async function startTurncoats(page, url, { players = '3', seats = ['easy', 'easy'] } = {}) {
  // A fresh start: no saves, so the page opens on the home screen.
  await page.goto(url);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.reload();
  await page.click('button[data-game="turncoats"]');
  await page.selectOption('[data-testid="tc-players"]', players);
  for (let i = 0; i < seats.length; i++) {
    await page.selectOption(`[data-seat="${i + 1}"] select`, seats[i]);
  }
  await page.click('[data-testid="start-game"]');
  await page.waitForSelector('.table[data-game="turncoats"]');
}

module.exports = {
  async 'pass and play: the hand-off screen hides the previous hand'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await startTurncoats(page, url, { players: '2', seats: ['human'] });
    await page.waitForSelector('[data-testid="tc-hand"] [data-legal]');
    // The turn order is drawn at random (§3.5) and shown before the first move.
    assert.match(await page.textContent('[data-testid="tc-order"]'), /Turn order \(drawn at random\): . \w+ → . \w+/);
    const first = await page.getAttribute('[data-testid="tc-hand"]', 'data-hand-seat');
    assert.ok(first === '0' || first === '1', 'a seat of the two starts: ' + first);
    // The first seat negotiates: the draw is shown to it, then it returns a stone.
    await page.click('.tc-negotiate[data-legal]');
    await page.waitForSelector('.tc-choice[data-legal]');
    await shot(page, 'turncoats-return-desktop');
    await page.click('.tc-choice[data-legal] >> nth=0');
    await page.waitForSelector('[data-testid="handoff-ready"]');
    assert.strictEqual(await page.$('[data-testid="tc-hand"]'), null, 'no hand in the DOM during the hand-off');
    assert.strictEqual(await page.$('.tc-hand-stone'), null, 'no hand stone in the DOM');
    assert.strictEqual(await page.$('.turncoats'), null, 'no board in the DOM');
    await shot(page, 'turncoats-handoff');
    await page.click('[data-testid="handoff-ready"]');
    await page.waitForSelector('[data-testid="tc-hand"]');
    assert.strictEqual(await page.getAttribute('[data-testid="tc-hand"]', 'data-hand-seat'), first === '0' ? '1' : '0', 'the next seat sees its own hand');
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'the board fits a phone screen'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 360, height: 740 });
    await startTurncoats(page, url, { players: '5', seats: ['human', 'easy', 'easy', 'easy'] });
    // The turn order is drawn (§3.5): the computers may play first, and the second human may
    // come before the first, behind the hand-off screen.
    for (;;) {
      await page.waitForSelector('[data-testid="tc-hand"] [data-legal], [data-testid="handoff-ready"]', { timeout: 60000 });
      const ready = await page.$('[data-testid="handoff-ready"]');
      if (!ready) break;
      await ready.click();
    }
    await page.click('[data-testid="tc-hand"] [data-legal] >> nth=0');
    await page.click('[data-area="4"]');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `no horizontal scrolling (scrollWidth ${width})`);
    const box = await (await page.$('svg.tc-map')).boundingBox();
    assert.ok(box.width <= 360 && box.width > 300, `map spans the phone width (${box.width})`);
    await shot(page, 'turncoats-phone');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot(page, 'turncoats-phone-bottom');
    assert.deepStrictEqual(problems, []);
    await page.close();
  },
};
