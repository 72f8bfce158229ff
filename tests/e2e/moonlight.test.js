// Moonlight end to end: a whole match against the Easy AI by clicks (cards, cells, and the
// between-round choices), the phone fit, and the two-human hand-off hiding the previous hand.
// Any console error or request leaving 127.0.0.1 fails the test.
const assert = require('assert');
const { guardedPage, shot } = require('./lib');

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

// The match by random legal clicks, noting the between-round choices and scoring panels met.
async function playMatch(page, seen, maxClicks = 2500) {
  let clicks = 0;
  for (;;) {
    if (await page.$('[data-testid="game-over"]')) return clicks;
    const ready = await page.$('[data-testid="handoff-ready"]');
    if (ready) { await ready.click(); continue; }
    for (const id of ['ml-pick-lone-wolf', 'ml-pick-power']) {
      if (!seen[id] && await page.$(`[data-testid="${id}"]`)) {
        seen[id] = true;
        await page.waitForTimeout(2500); // let the scoring steps appear
        await shot(page, `moonlight-${id}-desktop`);
      }
    }
    if (!seen.scoring && await page.$('[data-testid="ml-scoring"]')) seen.scoring = true;
    const legal = await page.$$('[data-legal]');
    if (legal.length === 0) {
      await page.waitForFunction(() => document.querySelector('[data-legal]') || document.querySelector('[data-testid="game-over"]') || document.querySelector('[data-testid="handoff-ready"]'), null, { timeout: 60000 });
      continue;
    }
    // Prefer what advances: a highlighted cell or a choice over re-selecting a card.
    const targets = [];
    for (const el of legal) {
      if (!(await el.evaluate(e => e.classList.contains('ml-hand-card')))) targets.push(el);
    }
    const pool = targets.length && Math.random() < 0.9 ? targets : legal;
    try {
      await pool[Math.floor(Math.random() * pool.length)].click({ timeout: 2000 });
      clicks++;
    } catch (e) {
      // The board re-rendered under the pointer: look again.
    }
    if (clicks === 6 && !seen.midShot) {
      seen.midShot = true;
      await shot(page, 'moonlight-play-desktop');
    }
    if (clicks > maxClicks) throw new Error('match did not end after ' + maxClicks + ' clicks');
  }
}

module.exports = {
  async 'a whole match of Moonlight against the Easy AI, by clicks, with the between-round choices'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await startMoonlight(page, url);
    await shot(page, 'moonlight-start-desktop');
    const seen = {};
    const started = Date.now();
    const clicks = await playMatch(page, seen);
    assert.ok(clicks > 8, 'the human made moves');
    assert.ok(seen['ml-pick-lone-wolf'] || seen['ml-pick-power'], 'the human made a between-round choice');
    assert.ok(seen.scoring, 'the round scoring was shown');
    const over = await page.textContent('[data-testid="game-over"]');
    assert.match(over, /wins?!|draw/i); // "You win!" for the default seat name
    assert.ok(await page.$('[data-testid="ml-scoring"]'), 'the final scoring stays visible');
    await page.waitForTimeout(3500); // the scoring steps appear one by one
    await shot(page, 'moonlight-over-desktop');
    console.log(`     match: ${clicks} clicks in ${((Date.now() - started) / 1000).toFixed(0)} s; choices seen: ${Object.keys(seen).join(', ')}`);
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
