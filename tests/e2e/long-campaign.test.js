// Long Campaign in Chromium: the phone fit at 360x740, questions in the app's language, and the
// pass-and-play check that one player's hidden guess is not in the DOM while the next player
// answers (a whole campaign by taps runs in every engine: games.engines.js).
const assert = require('assert');
const { guardedPage, shot } = require('./lib');

async function startCampaign(page, url, { seats = ['human', 'easy', 'easy'], timer = 'off', lang = 'en' } = {}) {
  // A fresh start: no saved game to resume from an earlier test.
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(url);
  if (lang !== 'en') await page.click(`[data-lang="${lang}"]`);
  await page.click('button[data-game="long-campaign"]');
  for (let i = 1; i < 3; i++) await page.selectOption(`[data-seat="${i}"] select`, seats[i]);
  if (seats[0] !== 'human') await page.selectOption('[data-seat="0"] select', seats[0]);
  await page.selectOption('.options select >> nth=0', timer);
  await page.click('[data-testid="start-game"]');
  await page.waitForSelector('.table[data-game="long-campaign"]');
}

// One step of play by clicks: hand-off, a guess typed into the numeric answer, an option, a
// county (clicked at its label point, which lies inside it) or the Rebuild button.
// Returns what was done, or null when nothing could be clicked yet.
async function step(page, { guessFor = () => String(1 + Math.floor(Math.random() * 2500)) } = {}) {
  if (await page.$('[data-testid="game-over"]')) return 'over';
  const ready = await page.$('[data-testid="handoff-ready"]');
  if (ready) { await ready.click(); return 'handoff'; }
  const input = await page.$('[data-testid="numeric-answer"]');
  if (input) {
    const value = guessFor();
    await input.fill(value);
    await page.click('.lc-numeric [data-legal]', { timeout: 2000 });
    return 'guess:' + value;
  }
  const legal = await page.$$('[data-legal]');
  if (legal.length === 0) return null;
  const el = legal[Math.floor(Math.random() * legal.length)];
  const hit = await el.$('.lc-hit');
  await (hit || el).click({ timeout: 2000 });
  return hit ? 'county' : 'button';
}

async function waitForAction(page) {
  await page.waitForFunction(() => document.querySelector('[data-legal]')
    || document.querySelector('[data-testid="game-over"]')
    || document.querySelector('[data-testid="handoff-ready"]'), null, { timeout: 60000 });
}

module.exports = {
  async 'the map and the question screen fit a phone'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 360, height: 740 });
    await startCampaign(page, url, { timer: 'classic' });
    await page.waitForSelector('.lc-county[data-legal]');
    await shot(page, 'lc-phone-bases');
    let width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `no horizontal scrolling (scrollWidth ${width})`);
    const box = await (await page.$('svg.lc-map')).boundingBox();
    assert.ok(box.width <= 360 && box.width > 300, `map spans the phone width (${box.width})`);
    // Play until the human has a question on screen.
    for (let i = 0; i < 60 && !(await page.$('.lc-option[data-legal], [data-testid="numeric-answer"]')); i++) {
      let done;
      try { done = await step(page); } catch (e) { done = 'retry'; }
      if (done === null) await waitForAction(page);
    }
    assert.ok(await page.$('.lc-timer'), 'the classic timer shows');
    await shot(page, 'lc-phone-question');
    width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `no horizontal scrolling on the question (scrollWidth ${width})`);
    const option = await page.$('.lc-option[data-legal], .lc-numeric [data-legal]');
    const ob = await option.boundingBox();
    assert.ok(ob.x >= 0 && ob.x + ob.width <= 360, 'answer buttons on screen');
    await option.click();
    await page.waitForSelector('[data-testid="reveal"]');
    await shot(page, 'lc-phone-reveal');
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'questions follow the app language, even mid-game'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await startCampaign(page, url, { timer: 'off', lang: 'hu' });
    for (let i = 0; i < 80 && !(await page.$('.lc-option[data-legal]')); i++) {
      if (await page.$('[data-testid="numeric-answer"]')) break;
      let done;
      try { done = await step(page); } catch (e) { done = 'retry'; }
      if (done === null) await waitForAction(page);
    }
    const phaseHu = await page.textContent('[data-testid="phase"]');
    assert.match(phaseHu, /szakasz/, 'the status is in Hungarian');
    const textHu = await page.textContent('.lc-question .lc-text');
    await shot(page, 'lc-question-hu');
    await page.click('[data-lang="en"]');
    await page.waitForFunction(t => {
      const el = document.querySelector('.lc-question .lc-text');
      return el && el.textContent !== t;
    }, textHu, { timeout: 5000 });
    const textEn = await page.textContent('.lc-question .lc-text');
    assert.notStrictEqual(textEn, textHu, 'the question is translated when the app language changes');
    assert.match(await page.textContent('[data-testid="phase"]'), /Phase/);
    await shot(page, 'lc-question-en-after-switch');
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'pass and play: a hidden guess is not in the DOM while the next player answers'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await startCampaign(page, url, { seats: ['human', 'human', 'easy'] });
    let secret = '';
    let checked = false;
    for (let i = 0; i < 400 && !checked; i++) {
      // The first human guess of a question two humans answer is the secret.
      const input = await page.$('[data-testid="numeric-answer"]');
      const open = input && await page.$$eval('.lc-answerers .lc-chip', chips => chips.map(c => c.classList.contains('locked')));
      if (input && open.filter(locked => !locked).length >= 2) {
        secret = String(987654000 + i);
        await input.fill(secret);
        await page.click('.lc-numeric [data-legal]');
        // Either the hand-off follows (the next answerer is human) or the computer answers first.
        for (let j = 0; j < 50 && !(await page.$('[data-testid="handoff-ready"]')); j++) await page.waitForTimeout(100);
        if (!(await page.$('[data-testid="handoff-ready"]'))) continue;
        assert.ok(!(await page.$('.lc-map')), 'the board is hidden behind the hand-off');
        await shot(page, 'lc-handoff');
        await page.click('[data-testid="handoff-ready"]');
        await page.waitForSelector('[data-testid="numeric-answer"]');
        await page.waitForTimeout(200);
        const html = await page.content();
        assert.ok(!html.includes(secret), 'the first guess is not in the DOM of the next player');
        await shot(page, 'lc-second-answerer');
        await page.fill('[data-testid="numeric-answer"]', '5');
        await page.click('.lc-numeric [data-legal]');
        checked = true;
        break;
      }
      let done;
      try { done = await step(page, { guessFor: () => '1' }); } catch (e) { done = 'retry'; }
      if (done === 'over') break;
      if (done === null) await waitForAction(page);
    }
    assert.ok(checked, 'a question for two humans came up');
    await page.waitForFunction(s => document.body.textContent.includes(s), secret, { timeout: 20000 });
    await shot(page, 'lc-pass-reveal');
    assert.deepStrictEqual(problems, []);
    await page.close();
  },
};
