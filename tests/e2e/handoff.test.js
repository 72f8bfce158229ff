// Fair play at a shared device: while the hand-off screen is up nothing of the table can be
// reached (no Export, log, rules or home button, no keyboard focus behind it) and nothing of the
// previous player's hand is in the page; exporting an unfinished game with secrets first warns
// that the file shows every hidden card, and a finished game exports at once.
const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { guardedPage, shot, reachableControls, fresh, finishedToyBattle } = require('./lib');

// Two humans at each game with secrets, up to the first hand-off; `gone` lists what must not be
// in the page while it is up (the hand, the board, the log).
const GAMES = {
  'toy-battle': {
    async setup(page) {
      await page.selectOption('[data-seat="1"] select', 'human');
      await page.selectOption('[data-testid="tb-terrain"]', 'battlefield');
    },
    hand: page => page.$$eval('[data-testid="tb-rack"] [data-troop]', els => els.map(e => `data-troop="${e.dataset.troop}"`)),
    async move(page) {
      await page.click('.tb-draw[data-legal]');
    },
    gone: ['[data-testid="tb-rack"]', '[data-troop]', 'svg.tb-board', '.log'],
  },
  turncoats: {
    async setup(page) {
      await page.selectOption('[data-testid="tc-players"]', '2');
      await page.selectOption('[data-seat="1"] select', 'human');
    },
    hand: page => page.$$eval('[data-testid="tc-hand"]', els => els.map(e => e.outerHTML)),
    async move(page) {
      await page.click('.tc-negotiate[data-legal]');
      await page.click('.tc-choice[data-legal] >> nth=0');
    },
    gone: ['[data-testid="tc-hand"]', '.tc-hand-stone', '.turncoats', '.log'],
  },
  moonlight: {
    async setup(page) {
      await page.selectOption('[data-seat="1"] select', 'human');
      await page.selectOption('.options select >> nth=0', '0');
      await page.selectOption('.options select >> nth=1', '0');
    },
    hand: page => page.$$eval('.ml-hand-card', els => els.map(e => `data-card="${e.dataset.card}"`)),
    async move(page) {
      await page.click('.ml-hand-card[data-legal] >> nth=0');
      await page.click('.ml-cell[data-legal] >> nth=0');
    },
    gone: ['[data-testid="ml-hand"]', '[data-card]', '.log'],
  },
};

// Whatever is focused, as a short description, and whether it lies in the hand-off screen.
const focused = page => page.evaluate(() => {
  const e = document.activeElement;
  return { inHandoff: !!(e && e.closest('.handoff')), what: e ? e.tagName + (e.dataset.testid ? '#' + e.dataset.testid : '') + ' ' + (e.textContent || '').trim().slice(0, 30) : 'none' };
});

async function assertHandoffSeals(page, game, hand) {
  await page.waitForSelector('[data-testid="handoff-ready"]');
  await page.waitForTimeout(100);
  const reachable = await reachableControls(page);
  const outside = reachable.filter(c => !c.inHandoff).map(c => c.what);
  assert.deepStrictEqual(outside, [], `${game}: nothing outside the hand-off screen can be reached`);
  assert.ok(reachable.length > 0, `${game}: the hand-off's button is reachable`);
  const first = await focused(page);
  assert.ok(first.inHandoff, `${game}: focus starts on the hand-off screen, not on ${first.what}`);
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    const now = await focused(page);
    assert.ok(now.inHandoff, `${game}: ${key} stays within the hand-off screen (went to ${now.what})`);
  }
  assert.strictEqual(await page.$('.board-wrap'), null, `${game}: no board during the hand-off`);
  for (const sel of GAMES[game].gone) assert.strictEqual(await page.$(sel), null, `${game}: no ${sel} during the hand-off`);
  const html = await page.content();
  for (const h of hand) assert.ok(!html.includes(h), `${game}: the previous hand (${h.slice(0, 60)}) is not in the page`);
}

async function startGame(page, url, game) {
  await fresh(page, url);
  await page.click(`button[data-game="${game}"]`);
  await GAMES[game].setup(page);
  await page.click('[data-testid="start-game"]');
  await page.waitForSelector(`.table[data-game="${game}"]`);
}

module.exports = {
  async 'two humans: the hand-off screen leaves no control of the table reachable and no hand in the page'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    for (const game of Object.keys(GAMES)) {
      await startGame(page, url, game);
      await page.waitForSelector('[data-legal], [data-testid="handoff-ready"]');
      if (await page.$('[data-testid="handoff-ready"]')) await page.click('[data-testid="handoff-ready"]');
      await page.waitForSelector('[data-legal]');
      const hand = await GAMES[game].hand(page);
      assert.ok(hand.length > 0, `${game}: the first player's hand shows`);
      await GAMES[game].move(page);
      await assertHandoffSeals(page, game, hand);
      await shot(page, `${game}-handoff-sealed`);
      // Passed, the table is all there again.
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-legal]');
      const after = (await reachableControls(page)).map(c => c.what).join('\n');
      assert.match(after, /data-testid=export/, `${game}: Export is back after the hand-off`);
      assert.match(after, /brand/, `${game}: the home button is back after the hand-off`);
      // A resumed game opens behind the hand-off: sealed just the same.
      await page.reload();
      await page.waitForSelector('[data-testid="handoff-ready"]');
      await assertHandoffSeals(page, game, []);
    }
    await page.evaluate(() => localStorage.clear());
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'exporting an unfinished game with secrets warns first; a finished one exports at once'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    let downloads = 0;
    page.on('download', () => downloads++);
    await fresh(page, url);
    await page.click('button[data-game="toy-battle"]');
    await page.selectOption('[data-seat="1"] select', 'easy');
    await page.click('[data-testid="start-game"]');
    await page.waitForSelector('[data-legal]');
    await page.click('[data-testid="export"]');
    await page.waitForSelector('[data-testid="export-warning"]');
    assert.match(await page.textContent('[data-testid="export-warning"]'), /every hidden card.*another device/s);
    await page.waitForTimeout(300);
    assert.strictEqual(downloads, 0, 'no file before the player agrees');
    // Keyboard: focus on Cancel, Tab cycles between the two buttons, nothing else is reachable.
    const active = () => page.evaluate(() => document.activeElement && document.activeElement.dataset.testid);
    assert.strictEqual(await active(), 'export-cancel');
    await page.keyboard.press('Tab');
    assert.strictEqual(await active(), 'export-confirm');
    await page.keyboard.press('Tab');
    assert.strictEqual(await active(), 'export-cancel');
    await page.keyboard.press('Shift+Tab');
    assert.strictEqual(await active(), 'export-confirm');
    const reachable = await page.evaluate(() => [...document.querySelectorAll('button, select, input, summary, [tabindex]')]
      .filter(e => !e.disabled && !e.closest('[inert]') && !e.closest('[data-testid="export-warning"]') && e.getClientRects().length > 0)
      .map(e => e.outerHTML.slice(0, 80)));
    assert.deepStrictEqual(reachable, [], 'only the warning can be reached while it is up');
    await shot(page, 'export-warning');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="export-warning"]', { state: 'detached' });
    assert.strictEqual(downloads, 0, 'Escape cancels');
    await page.waitForFunction(() => document.activeElement && document.activeElement.dataset.testid === 'export');
    // Agreed, the file comes.
    await page.click('[data-testid="export"]');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-confirm"]')]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'turf-export-')), 'game.json');
    await download.saveAs(file);
    assert.strictEqual(JSON.parse(fs.readFileSync(file, 'utf8')).record.game, 'toy-battle');
    assert.strictEqual(await page.$('[data-testid="export-warning"]'), null);
    // In Hungarian the warning says the same.
    await page.click('button[data-lang="hu"]');
    await page.click('[data-testid="export"]');
    assert.match(await page.textContent('[data-testid="export-warning"]'), /minden rejtett lap.*másik eszközre/s);
    await page.click('[data-testid="export-cancel"]');
    await page.click('button[data-lang="en"]');
    // Over, the game has nothing left to hide: Export gives the file at once.
    await finishedToyBattle(page, url);
    const before = downloads;
    const [done] = await Promise.all([page.waitForEvent('download', { timeout: 5000 }), page.click('[data-testid="game-over"] button:has-text("Export")')]);
    assert.ok(done && downloads === before + 1, 'the finished game exported');
    assert.strictEqual(await page.$('[data-testid="export-warning"]'), null, 'no warning for a finished game');
    await page.evaluate(() => localStorage.clear());
    assert.deepStrictEqual(problems, []);
    await page.close();
  },
};
