// Turncoats end to end: a 3-player game (one human, two Easy AIs) played to the end by clicks,
// the pass-and-play hand-off hiding the previous hand, and the phone fit. Any console error or
// request leaving 127.0.0.1 fails the test.
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

// Like lib.js's playUntilOver (random `[data-legal]` clicks), but negotiating now and then and
// usually finishing a follow-up, so a game ends in good time on this slow machine.
async function playToEnd(page, maxClicks = 4000, onClick = async () => {}) {
  const any = els => els[Math.floor(Math.random() * els.length)];
  let clicks = 0;
  for (;;) {
    if (await page.$('[data-testid="game-over"]')) return clicks;
    const legal = await page.$$('[data-legal]');
    if (legal.length === 0) {
      await page.waitForFunction(() => document.querySelector('[data-legal]') || document.querySelector('[data-testid="game-over"]'), null, { timeout: 60000 });
      continue;
    }
    let el = null;
    // The first turns act on the map, so the game cannot end before the human has played.
    const early = clicks < 25;
    const neg = early ? null : await page.$('.tc-negotiate[data-legal]');
    if (neg && Math.random() < 0.3) el = neg;
    const pool = early ? await page.$$('[data-legal]:not(.tc-negotiate)') : legal;
    if (!el) {
      const choices = await page.$$('.tc-choice[data-legal]');
      if (choices.length && Math.random() < 0.7) el = any(choices);
    }
    try {
      await (el || any(pool.length ? pool : legal)).click({ timeout: 2000 });
      clicks++;
      await onClick(clicks);
    } catch (e) {
      // The board re-rendered under the pointer: look again.
    }
    if (clicks > maxClicks) throw new Error('game did not end after ' + maxClicks + ' clicks');
  }
}

module.exports = {
  async 'a 3-player game against two Easy AIs, by clicks, to the end'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await startTurncoats(page, url);
    await page.waitForSelector('[data-testid="tc-hand"] [data-legal]');
    assert.strictEqual(await page.$$eval('[data-area]', els => els.length), 11, 'eleven areas');
    await shot(page, 'turncoats-start-desktop');
    // One guided turn: a stone, an area, then the action menu (recruit, battle, march).
    await page.click('[data-testid="tc-hand"] [data-legal] >> nth=0');
    const targets = await page.$$('[data-area][data-legal]');
    assert.strictEqual(targets.length, 11, 'every area is a target for a hand stone');
    await page.click('[data-area="7"]');
    const menu = await page.$$eval('.tc-choice[data-legal]', els => els.map(e => e.textContent));
    assert.ok(menu.some(t => /Recruit/.test(t)) && menu.some(t => /Battle/.test(t)), 'recruit and battle offered: ' + menu);
    await shot(page, 'turncoats-menu-desktop');
    let sawThinking = false;
    const watcher = setInterval(async () => {
      try { if (await page.$('.table[data-thinking]')) sawThinking = true; } catch (e) { /* closing */ }
    }, 50);
    let sawChanges = false;
    const clicks = await playToEnd(page, 4000, async n => {
      if (!sawChanges && n > 12 && await page.$('.tc-area-g.changed') && await page.$('[data-testid="tc-hand"] [data-legal]')) {
        sawChanges = true;
        await shot(page, 'turncoats-mid-desktop');
      }
    }).catch(async e => { await shot(page, 'turncoats-stuck'); throw e; });
    clearInterval(watcher);
    assert.ok(clicks > 5, 'the human made moves');
    const over = await page.textContent('[data-testid="game-over"]');
    assert.match(over, /wins?!|draw/i); // "You win!" for the default seat name
    assert.ok(sawThinking, 'the AIs showed the thinking indicator');
    assert.ok(await page.$('.tc-revealed'), 'hands revealed at the end');
    await shot(page, 'turncoats-over-desktop');
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

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
