// Every screen passes axe-core's WCAG 2.1 A and AA rules, in English and in Hungarian: home,
// each game's setup, each game's table mid-game (rules panel open), the hand-off screen, the
// export warning, game over and the replay. Any violation fails, named with its elements.
// Motion is reduced (as a player may ask) so no colour is measured mid-transition.
const assert = require('assert');
const fs = require('fs');
const path = require('path');
const { guardedPage, axeViolations, fresh, finishedToyBattle, ARTIFACTS } = require('./lib');

// The runner prints a failure's first lines only: the whole list goes to artifacts/ too.
function report(name, found) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS, name + '.txt'), found.join('\n') + '\n');
}

const GAMES = ['herd', 'toy-battle', 'turncoats', 'moonlight', 'long-campaign'];

// Scan the page as it is, and again in the other language when the header can be reached.
async function scan(page, screen, found, { both = true } = {}) {
  await page.waitForTimeout(150);
  const lang = await page.getAttribute('html', 'lang');
  for (const v of await axeViolations(page)) found.push(`${screen} [${lang}]: ${v}`);
  if (!both) return;
  const other = lang === 'hu' ? 'en' : 'hu';
  await page.click(`button[data-lang="${other}"]`);
  await page.waitForFunction(l => document.documentElement.lang === l, other);
  await page.waitForTimeout(150);
  for (const v of await axeViolations(page)) found.push(`${screen} [${other}]: ${v}`);
  await page.click(`button[data-lang="${lang}"]`);
  await page.waitForFunction(l => document.documentElement.lang === l, lang);
}

// One step of play by clicks against the computer (a guess is typed); false when nothing to do.
async function step(page) {
  if (await page.$('[data-testid="game-over"]')) return false;
  const ready = await page.$('[data-testid="handoff-ready"]');
  if (ready) { await ready.click(); return true; }
  const input = await page.$('[data-testid="numeric-answer"]');
  if (input) {
    await input.fill(String(1 + Math.floor(Math.random() * 2000)));
    await page.click('.lc-numeric [data-legal]', { timeout: 2000 }).catch(() => {});
    return true;
  }
  const legal = await page.$$('[data-legal]');
  if (legal.length === 0) {
    await page.waitForFunction(() => document.querySelector('[data-legal], [data-testid="game-over"], [data-testid="numeric-answer"]'), null, { timeout: 60000 });
    return true;
  }
  const el = legal[Math.floor(legal.length / 2)];
  const hit = await el.$('.lc-hit');
  await (hit || el).click({ timeout: 2000 }).catch(() => {});
  return true;
}

// Mid-game at each game's own interesting moment: its board's buttons in view.
const READY = {
  herd: '[data-legal]',
  'toy-battle': '.tb-node',
  turncoats: '.tc-hand-stone[data-legal], [data-testid="tc-hand"] [data-legal]',
  moonlight: '.ml-cell[data-legal]',
  'long-campaign': '.lc-option',
};

module.exports = {
  async 'axe: home, each setup and each table mid-game pass WCAG 2.1 AA in both languages'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const found = [];
    await fresh(page, url);
    await scan(page, 'home', found);
    for (const game of GAMES) {
      await fresh(page, url);
      await page.click(`button[data-game="${game}"]`);
      await page.waitForSelector('[data-testid="start-game"]');
      await scan(page, `${game} setup`, found);
      for (const seat of await page.$$('[data-seat]:not([data-seat="0"]) select')) await seat.selectOption('easy');
      await page.click('[data-testid="start-game"]');
      await page.waitForSelector(`.table[data-game="${game}"]`);
      for (let i = 0; i < 6; i++) await step(page);
      // Then on to the moment its board shows its buttons (Moonlight: a card picked, so cells
      // are targets; Long Campaign: a question with options).
      for (let i = 0; i < 80 && !(await page.$(READY[game])); i++) {
        if (game === 'moonlight' && await page.$('.ml-hand-card[data-legal]') && !(await page.$('.ml-cell[data-legal]'))) {
          await page.click('.ml-hand-card[data-legal] >> nth=0');
          continue;
        }
        if (!(await step(page))) break;
      }
      assert.ok(await page.$(READY[game]), `${game}: reached ${READY[game]}`);
      await page.click('details.rules summary');
      await page.waitForSelector('details.rules > summary + *');
      await scan(page, `${game} table`, found);
    }
    await page.evaluate(() => localStorage.clear());
    report('axe-screens', found);
    assert.deepStrictEqual(found, [], 'axe violations:\n' + found.join('\n'));
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'keyboard only: 20 actions by Tab and Enter in every game'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    for (const game of GAMES) {
      await fresh(page, url);
      await page.click(`button[data-game="${game}"]`);
      for (const seat of await page.$$('[data-seat]:not([data-seat="0"]) select')) await seat.selectOption('easy');
      await page.click('[data-testid="start-game"]');
      await page.waitForSelector(`.table[data-game="${game}"]`);
      let actions = 0;
      while (actions < 20 && !(await page.$('[data-testid="game-over"]'))) {
        await page.waitForFunction(() => document.querySelector('[data-legal], [data-testid="game-over"], [data-testid="numeric-answer"]'), null, { timeout: 60000 });
        let found = false;
        for (let i = 0; i < 400 && !found; i++) {
          await page.keyboard.press('Tab');
          found = await page.evaluate(() => {
            const e = document.activeElement;
            return !!e && (e.hasAttribute('data-legal') || e.dataset.testid === 'numeric-answer');
          });
          if (!found && !(await page.$('[data-legal], [data-testid="numeric-answer"]'))) break; // the computer's turn
        }
        if (!found) continue;
        if (await page.evaluate(() => document.activeElement.dataset.testid === 'numeric-answer')) {
          await page.keyboard.type('1900');
          continue; // on to its submit button, by Tab
        }
        await page.keyboard.press('Enter');
        actions++;
        await page.waitForTimeout(60);
      }
      assert.ok(actions >= 20 || await page.$('[data-testid="game-over"]'), `${game}: 20 actions by keyboard (${actions})`);
    }
    await page.evaluate(() => localStorage.clear());
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'axe: the hand-off, the export warning, game over and replay pass in both languages'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const found = [];
    for (const lang of ['en', 'hu']) {
      // The header is inert behind these screens: the language is chosen before.
      await fresh(page, url, lang);
      await page.click('button[data-game="toy-battle"]');
      await page.selectOption('[data-seat="1"] select', 'human');
      await page.click('[data-testid="start-game"]');
      await page.waitForSelector('.tb-draw[data-legal]');
      await page.click('[data-testid="export"]');
      await page.waitForSelector('[data-testid="export-warning"]');
      await scan(page, 'export warning', found, { both: false });
      await page.click('[data-testid="export-cancel"]');
      await page.click('.tb-draw[data-legal]');
      await page.waitForSelector('[data-testid="handoff-ready"]');
      await scan(page, 'hand-off', found, { both: false });
    }
    // A game between two computers, at once, to its end.
    await finishedToyBattle(page, url);
    await page.waitForTimeout(500);
    await scan(page, 'game over', found);
    await page.click('[data-testid="replay"]');
    await page.waitForSelector('[data-testid="replay-bar"]');
    await page.click('[data-testid="replay-bar"] button >> nth=3');
    await scan(page, 'replay', found);
    await page.evaluate(() => localStorage.clear());
    assert.deepStrictEqual(found, [], 'axe violations:\n' + found.join('\n'));
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'a tap gives the control it taps no focus (keys still do: the keyboard test above)'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await fresh(page, url);
    await page.click('button[data-game="herd"]');
    await page.selectOption('[data-seat="1"] select', 'human');
    await page.click('[data-testid="start-game"]');
    await page.waitForSelector('.table[data-game="herd"] [data-legal]');
    const focused = () => page.evaluate(() => {
      const e = document.activeElement;
      return !e || e === document.body ? 'body' : e.dataset.cell !== undefined ? `cell ${e.dataset.cell}` : e.tagName.toLowerCase();
    });
    // By a tap: the cell tapped does not take the focus (whatever a tap then takes off the page
    // or makes unfocusable leaves no focused element behind, which Chromium would lay the page
    // out for at once).
    await page.waitForSelector('[data-legal]');
    await page.evaluate(() => document.activeElement?.blur());
    const target = page.locator('[data-legal]').first();
    const tapped = await target.getAttribute('data-cell');
    await target.click();
    await page.waitForTimeout(200);
    assert.strictEqual(await focused(), 'body', `the tapped cell ${tapped} takes no focus`);
    await page.evaluate(() => localStorage.clear());
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'keyboard only: the replay opened by Enter takes the focus to its slider, whose arrows step it'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await finishedToyBattle(page, url);
    // The Replay button leaves the page as the replay opens: the focus must not be lost.
    await page.focus('[data-testid="replay"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="replay-bar"]');
    const focused = () => page.evaluate(() => {
      const e = document.activeElement;
      return e && e.closest('[data-testid="replay-bar"]') ? `${e.tagName.toLowerCase()} ${e.type || ''}`.trim() : e && e.tagName.toLowerCase();
    });
    await page.waitForFunction(() => document.activeElement?.matches('[data-testid="replay-bar"] input[type="range"]'), null, { timeout: 3000 })
      .catch(async () => assert.fail(`the focus is on ${await focused()}, not the replay's slider`));
    const step = () => page.textContent('[data-testid="replay-step"]');
    const last = (await step()).split(' / ')[1];
    assert.strictEqual(await step(), `0 / ${last}`);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(s => document.querySelector('[data-testid="replay-step"]').textContent === s, `2 / ${last}`, { timeout: 3000 })
      .catch(async () => assert.fail(`the arrows stepped the replay to ${await step()}`));
    // A change of language draws the bar again, and leaves the focus where the player put it
    // (a tap gives none: the keyboard chooses the language here).
    await page.focus('button[data-lang="hu"]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.documentElement.lang === 'hu');
    await page.waitForTimeout(300);
    assert.strictEqual(await page.evaluate(() => document.activeElement?.dataset.lang), 'hu', 'the language button keeps the focus');
    await page.evaluate(() => localStorage.clear());
    assert.deepStrictEqual(problems, []);
    await page.close();
  },
};
