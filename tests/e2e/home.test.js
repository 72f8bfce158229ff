// The home page's pictures of the games and the setup's preview of the chosen board (issue #21),
// and the table's sounds switch, in Chromium. Any console error or request leaving 127.0.0.1
// fails a test.
const assert = require('assert');
const { guardedPage, fresh } = require('./lib');

const GAMES = ['herd', 'toy-battle', 'turncoats', 'moonlight', 'long-campaign'];

// What a picture holds that a player or assistive tech could reach: focusable or legal
// elements, and whether it is hidden from assistive tech and inert.
const pictureFacts = (page, selector) => page.$$eval(selector, els => els.map(e => ({
  id: e.dataset.miniature,
  boards: e.querySelectorAll('svg.board').length,
  hidden: e.getAttribute('aria-hidden') === 'true' && e.inert === true,
  legal: e.querySelectorAll('[data-legal]').length,
  shown: [...e.querySelectorAll('*')]
    .filter(c => c.getClientRects().length > 0 && getComputedStyle(c).visibility !== 'hidden' && !c.closest('svg.board') && !c.querySelector('svg.board'))
    .map(c => c.tagName + '.' + (c.className.baseVal ?? c.className)),
  card: e.closest('.card')?.querySelector('[data-game]')?.dataset.game,
  box: (r => ({ w: r.width, h: r.height }))(e.querySelector('svg.board').getBoundingClientRect()),
})));

module.exports = {
  async 'the home page shows five board miniatures'({ url, context }) {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const { page, problems } = await guardedPage(context, viewport);
      await fresh(page, url);
      await page.waitForFunction(() => document.querySelectorAll('[data-miniature].drawn svg.board').length === 5);
      const pictures = await pictureFacts(page, '.card [data-miniature]');
      assert.deepStrictEqual(pictures.map(p => p.id), GAMES, 'one picture a game, in the catalogue order');
      for (const p of pictures) {
        assert.strictEqual(p.card, p.id, `${p.id}: the picture is on its own game's card`);
        assert.strictEqual(p.boards, 1, `${p.id}: the game's own board`);
        assert.ok(p.hidden, `${p.id}: aria-hidden and inert`);
        assert.strictEqual(p.legal, 0, `${p.id}: nothing to play`);
        assert.deepStrictEqual(p.shown, [], `${p.id}: the board alone is shown`);
        assert.ok(p.box.w > 60 && p.box.h > 60, `${p.id}: drawn at card size (${JSON.stringify(p.box)})`);
      }
      // A picture is a game in play: Herd shows stones of both colours.
      const stones = await page.$$eval('[data-miniature="herd"] .stone', els => new Set(els.map(e => e.classList.contains('seat-red') ? 'red' : 'blue')).size);
      assert.strictEqual(stones, 2, 'Herd\'s picture has stones of both colours');
      // Nothing in a picture is in the tab order.
      const focusable = await page.$$eval('[data-miniature] a[href], [data-miniature] button, [data-miniature] [tabindex]:not([tabindex="-1"])',
        els => els.filter(e => !e.closest('[inert]')).length);
      assert.strictEqual(focusable, 0);
      // The cards still open their games.
      await page.click('button[data-game="moonlight"]');
      await page.waitForSelector('[data-testid="start-game"]');
      assert.deepStrictEqual(problems, []);
      await page.close();
    }
  },

  async 'the setup pictures the chosen board: Herd\'s size, Toy Battle\'s Terrain'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 390, height: 844 });
    await fresh(page, url);
    const preview = game => `.setup-preview[data-miniature="${game}"]`;
    // Where Start is when the setup first appears (the picture comes after the first paint).
    await page.evaluate(() => new MutationObserver((_, observer) => {
      const start = document.querySelector('[data-testid="start-game"]');
      if (!start) return;
      window.__startFirst = { top: start.getBoundingClientRect().top, drawn: document.querySelector('.setup-preview.drawn') !== null };
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true }));
    await page.click('button[data-game="herd"]');
    const cells = () => page.$$eval(`${preview('herd')}.drawn .cell`, els => els.length);
    await page.waitForSelector(`${preview('herd')}.drawn svg.board`);
    assert.strictEqual(await cells(), 61, 'the standard board');
    const first = await page.evaluate(() => window.__startFirst);
    assert.strictEqual(first.drawn, false, 'Start was seen before the picture came');
    const top = await page.$eval('[data-testid="start-game"]', e => e.getBoundingClientRect().top);
    assert.strictEqual(top, first.top, 'Start stays where it was when the picture comes');
    for (const [side, n] of [['4', 37], ['7', 127], ['6', 91]]) {
      await page.selectOption('.options select >> nth=0', side);
      await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length === n, [`${preview('herd')}.drawn .cell`, n]);
    }
    await page.click('.setup .actions button:not([data-testid])'); // Back
    await page.click('button[data-game="toy-battle"]');
    await page.waitForSelector(`${preview('toy-battle')}.drawn svg.board`);
    const terrain = () => page.$eval(`${preview('toy-battle')} svg.board`, e => e.outerHTML);
    const castle = await terrain();
    const terrains = await page.$$eval('[data-testid="tb-terrain"] option', os => os.map(o => o.value));
    assert.ok(terrains.length >= 9, terrains.join());
    const other = terrains.find(t => t !== 'random' && t !== terrains[0]);
    await page.selectOption('[data-testid="tb-terrain"]', other);
    await page.waitForFunction(([sel, before]) => document.querySelector(sel)?.outerHTML !== before, [`${preview('toy-battle')}.drawn svg.board`, castle]);
    // A random Terrain is drawn at the start: no picture.
    await page.selectOption('[data-testid="tb-terrain"]', 'random');
    await page.waitForSelector(`${preview('toy-battle')}:not(.drawn)`, { state: 'attached' });
    assert.strictEqual(await page.isVisible(preview('toy-battle')), false);
    // Games whose options do not change the board show none.
    await page.click('.setup .actions button:not([data-testid])');
    await page.click('button[data-game="moonlight"]');
    await page.waitForTimeout(300);
    assert.strictEqual(await page.$(`${preview('moonlight')}.drawn`), null);
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'sounds are off by default, the switch is kept, and a move is heard'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await fresh(page, url);
    await page.click('button[data-game="herd"]');
    await page.selectOption('[data-seat="1"] select', 'human');
    await page.click('[data-testid="start-game"]');
    const sounds = '[data-testid="sounds"]';
    await page.waitForSelector(sounds);
    assert.strictEqual(await page.isChecked(sounds), false, 'off by default');
    assert.strictEqual(await page.getAttribute(sounds, 'role'), 'switch');
    assert.strictEqual(await page.$('.sound-switch[data-cue]'), null, 'nothing heard yet');
    await page.check(sounds);
    assert.strictEqual(await page.evaluate(() => localStorage.getItem('turf.sounds')), 'on');
    // A placement is heard (a stone laid, then the next roll when the turn ends).
    await (await page.$$('[data-legal]'))[0].click();
    await page.waitForSelector('.sound-switch[data-cue]');
    assert.match(await page.getAttribute('.sound-switch', 'data-cue'), /^(lay|roll|capture)$/);
    // Kept across a reload, and for every table.
    await page.reload();
    await page.waitForSelector(sounds);
    assert.strictEqual(await page.isChecked(sounds), true, 'still on after a reload');
    await page.uncheck(sounds);
    await page.reload();
    await page.waitForSelector(sounds);
    assert.strictEqual(await page.isChecked(sounds), false, 'and off again');
    assert.deepStrictEqual(problems, []);
    await page.close();
  },
};
