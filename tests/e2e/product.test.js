// The product around the games, in Chromium, for every playable game where it applies:
// export/import, replay, undo policy, both languages, the phone held sideways and keyboard
// play (reloads, corrupt saves and offline play run in every engine: product.engines.js).
const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { guardedPage, shot, ROOT } = require('./lib');

// Every English string of the translation catalogue with its Hungarian twin: each
// `t!(lang, "English", "Magyar")` in the sources. Placeholders become wildcards.
function catalogue() {
  const files = [];
  const walk = d => fs.readdirSync(d, { withFileTypes: true }).forEach(e =>
    e.isDirectory() ? walk(path.join(d, e.name)) : e.name.endsWith('.rs') && files.push(path.join(d, e.name)));
  walk(path.join(ROOT, 'src'));
  const pairs = [];
  const re = /t!\(\s*[^,]+,\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"/g;
  for (const f of files) {
    const text = fs.readFileSync(f, 'utf8').split('\n').filter(l => !l.trim().startsWith('//')).join('\n');
    let m;
    while ((m = re.exec(text))) pairs.push({ en: m[1], hu: m[2] });
  }
  return pairs;
}

// English catalogue strings (that differ in Hungarian) found among the visible texts.
async function untranslated(page, pairs) {
  const texts = await page.evaluate(() => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const n = walker.currentNode;
      const el = n.parentElement;
      if (!el || el.closest('.sr-only, [hidden], .log') || !n.textContent.trim()) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      out.push(n.textContent.trim());
    }
    return out;
  });
  const patterns = pairs
    .filter(p => p.en !== p.hu && /[a-z]{3}/.test(p.en.replace(/\{[^}]*\}/g, '')))
    .map(p => ({ en: p.en, re: new RegExp('^' + p.en.trim().replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]*\}/g, '.+') + '$') }));
  return texts.filter(t => patterns.some(p => p.re.test(t)));
}

async function playableGames(page, url) {
  await home(page, url);
  return page.$$eval('button[data-game]', els => els.map(e => e.dataset.game));
}

// A fresh start: no saves, so the page opens on the home screen.
async function home(page, url) {
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
}

async function startGame(page, url, game, { opponent = 'human', herdSide = '4' } = {}) {
  await home(page, url);
  await page.click(`button[data-game="${game}"]`);
  for (const seat of await page.$$('[data-seat] select')) await seat.selectOption(opponent);
  if (game === 'herd') await page.selectOption('.options select >> nth=0', herdSide);
  await page.click('[data-testid="start-game"]');
  await page.waitForSelector(`.table[data-game="${game}"]`);
}

// Click `n` legal elements (passing hand-offs), deterministic: always the first.
async function clickSome(page, n) {
  for (let i = 0; i < n; i++) {
    const ready = await page.$('[data-testid="handoff-ready"]');
    if (ready) { await ready.click(); continue; }
    await page.waitForSelector('[data-legal], [data-testid="game-over"]');
    if (await page.$('[data-testid="game-over"]')) return;
    const legal = await page.$$('[data-legal]');
    await legal[Math.floor(legal.length / 2)].click();
  }
}

async function tableSnapshot(page) {
  return page.evaluate(() => ({
    log: [...document.querySelectorAll('.log li')].map(li => li.textContent),
    // Every element of the board with its attributes in a fixed order (Leptos may write them
    // in another order when it hydrates a fresh page).
    board: [...document.querySelectorAll('.board-wrap *')]
      .map(e => e.tagName + [...e.attributes].map(a => a.name + '=' + a.value).sort().join(' ') + (e.children.length ? '' : e.textContent))
      .join('\n'),
    prompt: document.querySelector('.prompt').textContent,
    players: document.querySelector('.players').textContent,
  }));
}

module.exports = {
  async 'export then import reproduces the game; a bad file is refused'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await startGame(page, url, 'herd');
    await clickSome(page, 6);
    const before = await tableSnapshot(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export"]')]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'turf-export-')), 'game.json');
    await download.saveAs(file);
    const exported = JSON.parse(fs.readFileSync(file, 'utf8'));
    assert.strictEqual(exported.record.game, 'herd');
    await page.click('.table-actions button:has-text("Leave")');
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.setInputFiles('[data-testid="import"]', file);
    await page.waitForSelector('.table[data-game="herd"]');
    await page.waitForTimeout(300);
    const after = await tableSnapshot(page);
    assert.deepStrictEqual(after.log, before.log);
    assert.ok(after.board === before.board, 'same board after import');
    await page.click('.table-actions button:has-text("Leave")');
    const bad = file.replace('game.json', 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ ...exported.record, seed: exported.record.seed + 1 }));
    await page.setInputFiles('[data-testid="import"]', bad);
    await page.waitForSelector('[data-testid="import-error"]');
    assert.match(await page.textContent('[data-testid="import-error"]'), /not a game Turf can open/);
    await page.evaluate(() => localStorage.clear());
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'undo takes back a placement but never the roll'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await startGame(page, url, 'herd');
    const undo = '[data-testid="undo"]';
    assert.ok(await page.isDisabled(undo), 'nothing to undo right after the roll');
    const before = await tableSnapshot(page);
    await (await page.$$('[data-legal]'))[0].click();
    const placed = await tableSnapshot(page);
    if (placed.prompt !== before.prompt && !(await page.isDisabled(undo))) {
      await page.click(undo);
      const back = await tableSnapshot(page);
      assert.ok(back.board === before.board, 'the placement is taken back');
      assert.ok(await page.isDisabled(undo), 'and no further: the roll stays');
    } else {
      // The first turn can be a single placement: then the turn ended and a new roll came.
      assert.ok(await page.isDisabled(undo), 'undo never crosses the next roll');
    }
    await page.evaluate(() => localStorage.clear());
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'a finished game can be replayed step by step'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await startGame(page, url, 'herd');
    for (let i = 0; i < 400 && !(await page.$('[data-testid="game-over"]')); i++) await clickSome(page, 1);
    await page.waitForSelector('[data-testid="game-over"] .score-chart svg polyline');
    await shot(page, 'herd-game-over-chart');
    await page.click('[data-testid="replay"]');
    await page.waitForSelector('[data-testid="replay-bar"]');
    assert.strictEqual(await page.$$eval('[data-legal]', e => e.length), 0, 'replay is not playable');
    const start = await tableSnapshot(page);
    assert.match(await page.textContent('[data-testid="replay-step"]'), /^0 \/ \d+$/);
    // The step buttons carry drawn icons, not glyphs a font may lack (⏮ and ⏭ were empty boxes).
    const icons = await page.$$eval('[data-testid="replay-bar"] button[aria-label]', bs => bs.map(b => {
      const r = b.querySelector('svg') && b.querySelector('svg').getBoundingClientRect();
      return [b.getAttribute('aria-label'), b.textContent.trim(), r ? Math.round(r.width) : 0];
    }));
    assert.deepStrictEqual(icons.map(i => i[0]), ['First', 'Back', 'Forward', 'Last']);
    for (const [label, text, width] of icons) assert.ok(text === '' && width >= 10, `${label}: a drawn icon (${text}, ${width} px)`);
    await page.click('[data-testid="replay-bar"] button[aria-label="Last"]');
    const end = await tableSnapshot(page);
    assert.ok(end.board !== start.board, 'the last step shows another board');
    await page.click('[data-testid="replay-bar"] button[aria-label="Back"]');
    const [k, n] = (await page.textContent('[data-testid="replay-step"]')).split(' / ').map(Number);
    assert.strictEqual(k, n - 1);
    // The log follows the step (a paint after the board): it ends with the action before it.
    const newest = () => page.$$eval('.log li[data-action]', ls => Math.max(-1, ...ls.map(l => Number(l.dataset.action))));
    await page.waitForFunction(k => [...document.querySelectorAll('.log li[data-action]')]
      .every(l => Number(l.dataset.action) < k), k, { timeout: 5000 });
    assert.ok((await newest()) >= k - 3, `the log reaches the step: ${await newest()} of ${k}`);
    await shot(page, 'herd-replay');
    await page.click('[data-testid="replay-bar"] button[aria-label="First"]');
    await page.waitForFunction(() => !document.querySelector('.log li[data-action]'), null, { timeout: 5000 });
    await page.evaluate(() => localStorage.clear());
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'Hungarian leaves no English string on any screen'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    const pairs = catalogue();
    assert.ok(pairs.length > 50, 'the catalogue was read');
    await home(page, url);
    await page.click('button[data-lang="hu"]');
    assert.strictEqual(await page.getAttribute('html', 'lang'), 'hu');
    assert.deepStrictEqual(await untranslated(page, pairs), [], 'home');
    for (const game of await page.$$eval('button[data-game]', els => els.map(e => e.dataset.game))) {
      await page.click(`button[data-game="${game}"]`);
      assert.deepStrictEqual(await untranslated(page, pairs), [], `${game} setup`);
      await page.selectOption('[data-seat="1"] select', 'easy');
      await page.click('[data-testid="start-game"]');
      await page.waitForSelector('.table');
      await page.click('details.rules summary');
      await page.waitForSelector('details.rules > summary + *');
      await clickSome(page, 2);
      assert.deepStrictEqual(await untranslated(page, pairs), [], `${game} table`);
      await shot(page, `hu-${game}`);
      await page.click('.topbar .brand');
    }
    // Back to English: the switch works both ways and is remembered.
    await page.click('button[data-lang="en"]');
    await page.reload();
    assert.strictEqual(await page.getAttribute('html', 'lang'), 'en');
    await page.evaluate(() => localStorage.clear());
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'a phone held sideways shows every board whole, without scrolling sideways'({ url, context }) {
    const W = 740, H = 360;
    const { page, problems } = await guardedPage(context, { width: W, height: H });
    for (const game of await playableGames(page, url)) {
      await startGame(page, url, game);
      const ready = await page.$('[data-testid="handoff-ready"]');
      if (ready) await ready.click();
      await page.waitForSelector('.table svg.board');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= W, `${game}: no horizontal scrolling (scrollWidth ${width})`);
      // Scrolled to the board, the whole board is on screen at once.
      await page.$eval('.table svg.board', el => el.scrollIntoView({ block: 'start' }));
      const box = await page.$eval('.table svg.board', el => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, w: r.width, h: r.height };
      });
      assert.ok(box.x >= 0 && box.x + box.w <= W, `${game}: board within the width (${JSON.stringify(box)})`);
      assert.ok(box.h <= H && box.w > 200, `${game}: the board fits the height and is not tiny (${JSON.stringify(box)})`);
      await shot(page, `${game}-phone-landscape`);
    }
    await page.evaluate(() => localStorage.clear());
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'keyboard only: a few moves of Herd with Tab and Enter'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await startGame(page, url, 'herd');
    for (let move = 0; move < 3; move++) {
      const logBefore = (await tableSnapshot(page)).log.length;
      let focused = false;
      for (let i = 0; i < 200 && !focused; i++) {
        await page.keyboard.press('Tab');
        focused = await page.evaluate(() => document.activeElement && document.activeElement.hasAttribute('data-legal'));
      }
      assert.ok(focused, 'a legal cell is reachable with Tab');
      const name = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
      assert.match(name, /place here|remove it/);
      await page.keyboard.press('Enter');
      await page.waitForTimeout(100);
      const logAfter = (await tableSnapshot(page)).log.length;
      assert.ok(logAfter > logBefore, 'Enter played the focused cell');
    }
    await page.evaluate(() => localStorage.clear());
    assert.deepStrictEqual(problems, []);
    await page.close();
  },
};
