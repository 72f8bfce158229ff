// The review and the hints (issue #18) in Chromium: a Herd game finished from a file is
// reviewed with progress, its chart marks the planted moves, and a mark shows the move played
// and the move preferred on the board; the worker's review of a fixed record equals the native
// one (`turf review`); a hint in Toy Battle points at a legal target and is logged.
const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { guardedPage, shot, fresh } = require('./lib');

const FIXTURES = path.join(__dirname, 'fixtures');
// A Herd game on the side-4 board between two Easy computers (`turf record --game herd
// --options '{"side":4}' --a easy --b easy --seed 1`), and every position's chances as `turf
// review` reads them natively (seed 1): seat 1 has a mistake at action 125 and a blunder at 148.
const RECORD = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'herd-review.json'), 'utf8'));
const NATIVE = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'herd-review.chances.json'), 'utf8'));

// Open a record as a file through the home page's import.
async function importRecord(page, record) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'turf-review-')), 'game.json');
  fs.writeFileSync(file, JSON.stringify(record));
  await page.setInputFiles('[data-testid="import"]', file);
  await page.waitForSelector('.table[data-game="herd"]');
}

module.exports = {
  async 'a finished Herd game is reviewed and a mark shows both moves'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await fresh(page, url);
    // The game without its last action: the players finish it at the table.
    await importRecord(page, { ...RECORD, actions: RECORD.actions.slice(0, -1) });
    for (let i = 0; i < 20 && !(await page.$('[data-testid="game-over"]')); i++) {
      const target = await page.$('[data-legal]');
      if (target) await target.click();
      await page.waitForTimeout(100);
    }
    await page.waitForSelector('[data-testid="game-over"]');
    await page.click('[data-testid="review"]');
    await page.waitForSelector('[data-testid="review-progress"]');
    const started = Date.now();
    await page.waitForSelector('[data-testid="review-chart"]', { timeout: 240000 });
    console.log(`     review of ${RECORD.actions.length + 1} Herd positions: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await shot(page, 'review-chart');
    const marks = await page.$$eval('[data-testid="review-chart"] [data-mark]', ms =>
      ms.map(m => ({ mark: m.dataset.mark, action: Number(m.dataset.action) })));
    assert.ok(marks.some(m => m.action === 148 && m.mark === 'blunder'), `the blunder at 148 is marked: ${JSON.stringify(marks)}`);
    await page.click('[data-testid="review-chart"] [data-action="148"]');
    await page.waitForSelector('[data-testid="replay-bar"]');
    assert.strictEqual(await page.textContent('[data-testid="replay-step"]'), `148 / ${RECORD.actions.length}`);
    await page.waitForSelector('[data-review="played"], [data-review="both"]');
    await page.waitForSelector('[data-review="preferred"], [data-review="both"]');
    const note = await page.textContent('[data-testid="review-note"]');
    assert.match(note, /blunder/i);
    assert.match(note, /preferred/);
    await shot(page, 'review-blunder-board');
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'the worker reviews a record as the native review does'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 800, height: 600 });
    await page.goto(url);
    const record = JSON.stringify(RECORD);
    const readings = await page.evaluate(({ record, positions, seed }) => new Promise((resolve, reject) => {
      const worker = new Worker('./ai-worker.js', { type: 'module' });
      const out = [];
      const ask = at => worker.postMessage('review:' + JSON.stringify({ ticket: 1, game: 'herd', record, at, seed }));
      worker.onmessage = e => {
        if (e.data === 'ready') return ask(0);
        const reply = JSON.parse(e.data.slice('review:'.length));
        if (reply.reading.Err) return reject(new Error(reply.reading.Err));
        out.push(reply.reading.Ok.chances);
        if (out.length === positions) resolve(out);
        else ask(out.length);
      };
    }), { record, positions: NATIVE.chances.length, seed: NATIVE.seed });
    assert.strictEqual(readings.length, NATIVE.chances.length);
    // Equal to the last bits that the platforms' own exp and ln may round apart (a Herd
    // evaluation differs by one ulp at some positions); a search that went another way would
    // differ in the second digit.
    let exact = 0;
    readings.forEach((chances, at) => {
      assert.strictEqual(chances.length, NATIVE.chances[at].length);
      chances.forEach((c, seat) => assert.ok(Math.abs(c - NATIVE.chances[at][seat]) <= 1e-9,
        `position ${at} seat ${seat}: WASM ${c} native ${NATIVE.chances[at][seat]}`));
      if (chances.every((c, seat) => c === NATIVE.chances[at][seat])) exact++;
    });
    console.log(`     ${exact} of ${readings.length} positions equal to the bit, the rest within 1e-9`);
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'a hint in Toy Battle points at a legal target and is logged'({ url, context }) {
    const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
    await fresh(page, url);
    await page.click('button[data-game="toy-battle"]');
    await page.selectOption('[data-seat="1"] select', 'easy');
    assert.ok(await page.isChecked('[data-testid="hints"]'), 'hints are on against the computer');
    await page.selectOption('[data-seat="1"] select', 'human');
    assert.ok(!(await page.isChecked('[data-testid="hints"]')), 'and off between humans');
    await page.selectOption('[data-seat="1"] select', 'easy');
    await page.click('[data-testid="start-game"]');
    await page.waitForSelector('[data-legal]');
    await page.click('[data-testid="hint"]');
    await page.waitForSelector('[data-hint]');
    const hinted = await page.$$eval('[data-hint]', els => els.map(e => e.hasAttribute('data-legal')));
    assert.ok(hinted.includes(true), 'a hinted target is a legal one');
    assert.match(await page.textContent('.log'), /asked for a hint/);
    await shot(page, 'toy-battle-hint');
    // Follow the hint (a Troop's move is two taps, both hinted); it lasts until the action.
    const lines = await page.$$eval('.log li', ls => ls.length);
    for (let i = 0; i < 3 && (await page.$$eval('.log li', ls => ls.length)) === lines; i++) {
      const next = await page.$('[data-hint][data-legal]');
      if (next) await next.click();
      await page.waitForTimeout(200);
    }
    assert.ok((await page.$$eval('.log li', ls => ls.length)) > lines, 'the hinted action was played');
    await page.waitForFunction(() => !document.querySelector('[data-hint]'));
    assert.deepStrictEqual(problems, []);
    await page.close();
  },
};
