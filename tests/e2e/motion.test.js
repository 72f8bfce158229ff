// Moves you can follow (issue #21, src/ui/motion.rs) in Chromium: a move of each game is shown
// as motion and ends with the board exactly as the view draws it (no piece left mid-way,
// nothing duplicated, no ghost left), a computer turn of several actions in Herd is animated
// action by action, actions faster than a motion (the Instant pace) never send a piece off the
// board, a stone that leaves fades in its own colours and stays faded until its ghost goes,
// the replay's steps and its closing animate nothing, and with reduced motion no animation runs
// at all.
//
// The other browser tests run with reduced motion (lib.js `launch`), so motion never slows
// their taps; these pages turn it back on.
const assert = require('assert');
const { guardedPage, fresh, shot, finishedToyBattle } = require('./lib');

// Counts every Web Animation the page starts, which piece it animated, and which piece it sent
// travelling from another place (a translation, not a growth or a flash).
function countAnimations() {
  window.__motion = { calls: 0, pieces: [], travelled: [] };
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    window.__motion.calls++;
    // The farthest a piece was sent from where it stands (a travel's first keyframe).
    const from = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(JSON.stringify(args[0]));
    if (from) window.__motion.farthest = Math.max(window.__motion.farthest || 0, Math.hypot(+from[1], +from[2]));
    const key = this.getAttribute && (this.getAttribute('data-piece') || this.getAttribute('data-count') || this.getAttribute('data-flash'));
    if (key) window.__motion.pieces.push(key);
    if (key && from) window.__motion.travelled.push(key);
    return animate.apply(this, args);
  };
}

async function motionPage(context, { reduced = false, viewport = { width: 1280, height: 800 } } = {}) {
  const { page, problems } = await guardedPage(context, viewport);
  await page.emulateMedia({ reducedMotion: reduced ? 'reduce' : 'no-preference' });
  await page.addInitScript(countAnimations);
  return { page, problems };
}

async function start(page, url, game, { seats = ['human', 'easy'], options = [] } = {}) {
  await fresh(page, url);
  await page.click(`button[data-game="${game}"]`);
  for (const [i, who] of seats.entries()) await page.selectOption(`[data-seat="${i}"] select`, who);
  for (const [sel, v] of options) await page.selectOption(sel, v);
  await page.click('[data-testid="start-game"]');
  await page.waitForSelector(`.table[data-game="${game}"]`);
}

// Waits until the table is at rest, then reads it, in that same frame. At rest: no animation
// runs and no ghost is left, in three frames running. One frame is not enough: the motion of an
// action starts in the frame after it (motion.rs reads the table once a frame), so a table just
// changed looks at rest for a frame (Dec 6: a reading taken then, in a call after the check,
// found the computer's last stone mid-way).
async function atRest(page) {
  await page.evaluate(() => { window.__restFrames = 0; });
  const reading = await page.waitForFunction(() => {
    // The table's own motion only (CSS animations such as a legal target's pulse never end).
    const still = document.getAnimations()
      .every(a => a instanceof CSSAnimation || a instanceof CSSTransition || a.playState !== 'running')
      && !document.querySelector('.motion-ghost');
    window.__restFrames = still ? window.__restFrames + 1 : 0;
    if (window.__restFrames < 3) return false;
    const pieces = [...document.querySelectorAll('.table [data-piece]')];
    const keys = pieces.map(p => p.getAttribute('data-piece'));
    return {
      keys,
      unique: new Set(keys).size === keys.length,
      // A piece at rest carries no motion of its own: no inline transform, no animation.
      moving: pieces.filter(p => p.getAnimations().some(a => !(a instanceof CSSAnimation)) || p.style.transform).length,
      layer: document.querySelector('.motion-layer').childElementCount,
      board: document.querySelector('.board-wrap').innerHTML,
    };
  }, null, { timeout: 10000, polling: 'raf' });
  return reading.jsonValue();
}

const motion = page => page.evaluate(() => {
  const { farthest, ...seen } = window.__motion;
  return seen;
});

// Taps the first legal target (or the middle one) until an action moved something on the table.
async function playUntilMotion(page, game, pick = 'first') {
  for (let tries = 0; tries < 12; tries++) {
    const before = (await motion(page)).calls;
    // What finishes an action first: a follow-up choice, then a board target, then the rest
    // (a Troop, a card, a stone to play); never Negotiate (it moves nothing on the map) nor
    // the choice already made.
    let legal = [];
    for (const sel of ['.tc-choice[data-legal]', 'svg [data-legal]', '[data-legal]:not(.tc-negotiate):not([aria-pressed="true"])']) {
      legal = await page.$$('.table ' + sel);
      if (legal.length) break;
    }
    if (!legal.length) { await page.waitForTimeout(300); continue; }
    await legal[pick === 'middle' ? Math.floor(legal.length / 2) : 0].click();
    await page.waitForTimeout(150);
    if ((await motion(page)).calls > before) return;
  }
  throw new Error(`${game}: no tap made anything move`);
}

// The small board, the human (seat 0) plays Red and so moves first.
const HERD_RED_HUMAN = [['.options select >> nth=0', '4'], ['.options select >> nth=1', '0']];

const GAMES = [
  ['herd', { options: HERD_RED_HUMAN }, 'middle'],
  ['toy-battle', {}, 'first'],
  ['moonlight', {}, 'first'],
  ['turncoats', {}, 'first'],
  ['long-campaign', { seats: ['human', 'easy', 'easy'] }, 'first'],
];

module.exports = {
  async 'a move of each game is animated and ends with the board the view draws'({ url, context }) {
    const { page, problems } = await motionPage(context);
    for (const [game, setup, pick] of GAMES) {
      await start(page, url, game, setup);
      // Against the computer at the slowest speed the table waits for the human's move.
      await page.waitForSelector('.table [data-legal]', { timeout: 30000 });
      await playUntilMotion(page, game, pick);
      const seen = await motion(page);
      assert.ok(seen.calls > 0 && seen.pieces.length > 0, `${game}: the move was animated (${JSON.stringify(seen)})`);
      const rest = await atRest(page);
      assert.ok(rest.unique, `${game}: every piece is drawn once (${rest.keys.join(' ')})`);
      assert.strictEqual(rest.moving, 0, `${game}: no piece is left mid-way`);
      assert.strictEqual(rest.layer, 0, `${game}: no ghost is left`);
    }
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'a computer turn of several Herd actions is animated action by action'({ url, context }) {
    const { page, problems } = await motionPage(context);
    // The human plays Red and places the first stones; the computer's turn after it rolls,
    // removes and places: several actions, each shown.
    await start(page, url, 'herd', { options: HERD_RED_HUMAN });
    // "Steady": 800 ms before each of the computer's actions, time enough to start watching.
    await page.selectOption('.pace select', '800');
    while (await page.$('.table [data-legal]')) {
      const legal = await page.$$('.table [data-legal]');
      await legal[Math.floor(legal.length / 2)].click().catch(() => {});
      await page.waitForTimeout(100);
    }
    const mine = await page.$$eval('.board-wrap [data-piece]', p => p.map(e => e.getAttribute('data-piece')));
    // Every change of the board from now on, and how many animations had started by then.
    await page.evaluate(() => {
      window.__motion.pieces = [];
      window.__changes = [];
      new MutationObserver(() => {
        const keys = [...document.querySelectorAll('.board-wrap [data-piece]')].map(p => p.getAttribute('data-piece')).join(' ');
        const last = window.__changes[window.__changes.length - 1];
        if (!last || last.keys !== keys) window.__changes.push({ keys, calls: window.__motion.calls });
      }).observe(document.querySelector('.board-wrap'), { subtree: true, childList: true });
    });
    await page.waitForSelector('.table [data-legal]', { timeout: 60000 });
    // Settled before reading, and read twice: motion never changes the board itself.
    const first = await atRest(page);
    const changes = await page.evaluate(() => window.__changes);
    const seen = await motion(page);
    await shot(page, 'motion-herd-after-computer-turn');
    const placed = first.keys.filter(k => !mine.includes(k));
    const removed = mine.filter(k => !first.keys.includes(k));
    assert.ok(placed.length + removed.length >= 2, `the computer's turn changed several stones (+${placed} −${removed})`);
    const animated = new Set(seen.pieces);
    const missed = placed.filter(k => !animated.has(k));
    assert.deepStrictEqual(missed, [], `every stone the computer placed was animated (${[...animated].join(' ')})`);
    // One board change after another, each animated before the next: not all at once.
    const stepped = changes.filter((c, i) => i > 0 && c.calls > changes[i - 1].calls).length;
    assert.ok(changes.length >= 2 && stepped >= 1, `the stones came one action after another (${JSON.stringify(changes)})`);
    const again = await atRest(page);
    assert.strictEqual(again.board, first.board, 'the board at rest is exactly the view');
    assert.ok(first.unique, `no piece drawn twice (${first.keys.join(' ')})`);
    assert.strictEqual(first.moving, 0, 'no piece left mid-way');
    assert.strictEqual(first.layer, 0, 'no ghost left in the motion layer');
    // The stones drawn are the stones the cells name (the view), no more and no fewer.
    const named = await page.$$eval('.herd-board .cell[aria-label*="stone"]', cells => cells.length);
    assert.strictEqual(first.keys.length, named, 'one piece per stone of the view');
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'at the Instant pace, each action moves only what it changed, never from off the screen'({ url, context }) {
    // Two computers at the Instant pace: the actions come faster than a motion lasts, so a
    // piece is often mid-way when the next action is read.
    const { page, problems } = await motionPage(context);
    await start(page, url, 'herd', { seats: ['easy', 'easy'], options: [['.options select >> nth=0', '5']] });
    await page.selectOption('.pace select', '0');
    await page.evaluate(() => {
      window.__frames = [];
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (...args) {
        const now = performance.now();
        const last = window.__frames[window.__frames.length - 1];
        if (last && now - last.at < 5) last.count++;
        else window.__frames.push({ at: now, count: 1 });
        return animate.apply(this, args);
      };
    });
    await page.waitForFunction(() => document.querySelectorAll('.board-wrap [data-piece]').length >= 20, null, { timeout: 60000 });
    const { frames, farthest } = await page.evaluate(() => ({ frames: window.__frames.map(f => f.count), farthest: window.__motion.farthest }));
    const stones = await page.$$eval('.board-wrap [data-piece]', p => p.length);
    const screen = await page.evaluate(() => Math.hypot(innerWidth, innerHeight));
    assert.ok(frames.length > 10, `actions were animated (${frames.length} frames)`);
    // An action places, removes or captures a few stones: with every stone on the board moving
    // at every action (the fault this guards against), frames would count ~20 animations.
    assert.ok(Math.max(...frames) < stones / 2, `at most a few pieces move at once (${frames.join(' ')}; ${stones} stones)`);
    // A travel comes from a supply or a cell on the screen; mid-way readings sent pieces from
    // millions of pixels away.
    assert.ok(farthest < 2 * screen, `no piece travels from off the screen (${Math.round(farthest)} px, the screen ${Math.round(screen)} px)`);
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'a page scrolled, resized or laid out anew between two moves moves only what the second changed'({ url, context }) {
    // A phone: the page scrolls, turns sideways, and lays the board out lower (as a line of
    // text that wraps above it, or a scrollbar that comes, would).
    const { page, problems } = await motionPage(context, { viewport: { width: 390, height: 740 } });
    await start(page, url, 'herd', { options: HERD_RED_HUMAN });
    await page.waitForSelector('.table [data-legal]', { timeout: 30000 });
    for (const [i, between] of [['scrolled', p => p.mouse.wheel(0, 180)], ['resized', p => p.setViewportSize({ width: 740, height: 390 })],
      ['laid out lower', p => p.evaluate(() => { document.querySelector('.board-wrap').style.marginTop = '40px'; })]].entries()) {
      await playUntilMotion(page, 'herd', 'middle');
      await atRest(page);
      // The player scrolls to the log, or turns the phone, or the page lays the board out
      // lower, before the next move: the board stands elsewhere, and no piece has moved.
      await page.evaluate(() => window.scrollTo(0, 0));
      await between[1](page);
      await page.waitForTimeout(400);
      const stood = await page.$$eval('.board-wrap [data-piece]', p => p.map(e => e.getAttribute('data-piece')));
      // Which of them leave the board at some moment from now on: the computer's turn may
      // still be running, and a stone removed and placed again on its cell travels from the
      // supply, as a new stone does (Dec 6: that failed this test twice).
      await page.evaluate(stood => {
        window.__motion.travelled = [];
        const left = window.__left = new Set();
        const board = document.querySelector('.board-wrap');
        if (window.__leftWatch) window.__leftWatch.disconnect(); // the last move's
        window.__leftWatch = new MutationObserver(() => {
          const here = new Set([...board.querySelectorAll('[data-piece]')].map(e => e.getAttribute('data-piece')));
          for (const key of stood) if (!here.has(key)) left.add(key);
        });
        window.__leftWatch.observe(board, { subtree: true, childList: true });
        // Where each ghost of a stone that leaves is drawn, as it is added: how far from the
        // nearest mark of a stone gone (its cell's dashed ring, or the capture's), in px.
        window.__ghostsOff = [];
        if (window.__ghostWatch) window.__ghostWatch.disconnect();
        const centre = e => { const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
        window.__ghostWatch = new MutationObserver(records => {
          const marks = [...board.querySelectorAll('[data-vanished]')].map(centre);
          for (const added of records.flatMap(r => [...r.addedNodes])) {
            for (const ghost of added.querySelectorAll ? added.querySelectorAll('.motion-ghost') : []) {
              const [x, y] = centre(ghost);
              window.__ghostsOff.push(Math.min(Infinity, ...marks.map(([mx, my]) => Math.hypot(mx - x, my - y))));
            }
          }
        });
        window.__ghostWatch.observe(document.querySelector('.motion-layer'), { childList: true });
      }, stood);
      await page.waitForSelector('.table [data-legal]', { timeout: 30000 });
      await playUntilMotion(page, 'herd', 'middle');
      await atRest(page);
      // A Herd move places and removes stones; none of the stones that stayed travels.
      const left = await page.evaluate(() => [...window.__left]);
      const moved = (await motion(page)).travelled.filter(key => stood.includes(key) && !left.includes(key));
      assert.deepStrictEqual(moved, [], `${between[0]} (${i}): the stones that stood still did not move`);
      // A stone that left fades where it stood on its cell, wherever the board stands now.
      const ghostsOff = await page.evaluate(() => window.__ghostsOff);
      assert.ok(ghostsOff.every(d => d < 3), `${between[0]} (${i}): the ghosts of stones that left are drawn on their cells (px off: ${ghostsOff.map(d => d.toFixed(1))})`);
    }
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'a stone that leaves fades as it looked, and stays faded once its motion ends'({ url, context }) {
    const { page, problems } = await motionPage(context);
    await start(page, url, 'herd', { options: HERD_RED_HUMAN });
    await page.evaluate(() => {
      const shapes = root => [root, ...root.querySelectorAll('*')].filter(e => e instanceof SVGGeometryElement);
      const fill = e => getComputedStyle(e).fill;
      // Every fill a stone of the board has had (its look is copied after the frame that read
      // it, src/ui/motion.rs `Copying`): a ghost is drawn in those, not in the default black.
      window.__fills = new Set();
      const board = document.querySelector('.board-wrap');
      const note = () => board.querySelectorAll('[data-piece]').forEach(p => shapes(p).forEach(s => window.__fills.add(fill(s))));
      note();
      new MutationObserver(note).observe(board, { subtree: true, childList: true, attributes: true });
      // Each ghost as it is added: its fills, and its opacity once its motion is ended at once
      // (as it ends on its own a frame or two before the ghost is removed).
      window.__ghosts = [];
      new MutationObserver(records => {
        for (const added of records.flatMap(r => [...r.addedNodes])) {
          for (const ghost of added.querySelectorAll ? added.querySelectorAll('.motion-ghost') : []) {
            const [running] = ghost.getAnimations();
            const fills = shapes(ghost).map(fill);
            running?.finish();
            window.__ghosts.push({ fills, ended: running ? getComputedStyle(ghost).opacity : 'no motion' });
          }
        }
      }).observe(document.querySelector('.motion-layer'), { childList: true });
    });
    // Stones leave when a side takes enemy stones away, the computer's or this player's.
    for (let moves = 0; moves < 40 && await page.evaluate(() => window.__ghosts.length < 3); moves++) {
      await page.waitForSelector('.table [data-legal]', { timeout: 30000 });
      await playUntilMotion(page, 'herd', 'middle');
    }
    const { ghosts, fills } = await page.evaluate(() => ({ ghosts: window.__ghosts, fills: [...window.__fills] }));
    assert.ok(ghosts.length >= 1, 'stones left the board, each with a ghost');
    for (const ghost of ghosts) {
      assert.ok(ghost.fills.length && ghost.fills.every(f => fills.includes(f)), `a ghost is drawn in a stone's colours (${ghost.fills}; the stones': ${fills})`);
    }
    assert.deepStrictEqual(ghosts.map(g => g.ended).filter(o => o !== '0'), [], 'a ghost whose motion has ended is faded away, not drawn whole again');
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'the replay\'s steps move nothing, nor does closing it'({ url, context }) {
    const { page, problems } = await motionPage(context);
    // The replay: the table is not live, so no step of it, nor a jump, is shown as motion (nor
    // read: src/ui/motion.rs `follow`).
    await finishedToyBattle(page, url);
    await page.click('[data-testid="replay"]');
    await page.waitForSelector('[data-testid="replay-bar"]');
    await page.waitForTimeout(300);
    const none = { calls: 0, pieces: [], travelled: [] };
    await page.evaluate(none => { window.__motion = none; }, none);
    for (let i = 0; i < 6; i++) await page.click('[data-testid="replay-bar"] button[aria-label="Forward"]');
    const slider = await page.$('[data-testid="replay-bar"] input[type="range"]');
    const last = Number(await slider.getAttribute('max'));
    for (const at of [last, 0, Math.floor(last / 2)]) {
      await slider.evaluate((e, v) => { e.value = String(v); e.dispatchEvent(new Event('input', { bubbles: true })); }, at);
      await page.waitForTimeout(150);
    }
    assert.strictEqual(await page.textContent('[data-testid="replay-step"]'), `${Math.floor(last / 2)} / ${last}`, 'the replay stepped');
    assert.deepStrictEqual(await motion(page), none, 'no replay step was animated');
    assert.strictEqual(await page.$$eval('.motion-ghost', g => g.length), 0, 'no ghost was drawn');
    // Closed halfway, the table is the game's end again at once: nothing travels back to it.
    await page.click('[data-testid="replay-bar"] button:has-text("Close replay")');
    await page.waitForSelector('[data-testid="game-over"]');
    const rest = await atRest(page);
    assert.deepStrictEqual(await motion(page), none, 'closing the replay animated nothing');
    assert.ok(rest.unique && rest.moving === 0 && rest.layer === 0, `the table is at rest (${JSON.stringify({ ...rest, board: undefined })})`);
    assert.deepStrictEqual(problems, []);
    await page.close();
  },

  async 'with reduced motion no animation runs'({ url, context }) {
    const { page, problems } = await motionPage(context, { reduced: true });
    await start(page, url, 'herd', { options: HERD_RED_HUMAN });
    await page.waitForSelector('.table [data-legal]', { timeout: 30000 });
    // Tap until a stone is on the board (the first tap may be the roll).
    for (let tries = 0; tries < 8 && !(await page.$('.board-wrap [data-piece]')); tries++) {
      const legal = await page.$$('.table [data-legal]');
      if (legal.length) await legal[Math.floor(legal.length / 2)].click().catch(() => {});
      await page.waitForTimeout(300);
    }
    await page.waitForTimeout(400);
    const stones = await page.$$eval('.board-wrap [data-piece]', p => p.length);
    assert.ok(stones > 0, 'a stone was placed');
    assert.deepStrictEqual(await motion(page), { calls: 0, pieces: [], travelled: [] }, 'nothing was animated');
    assert.strictEqual(await page.$$eval('.motion-ghost', g => g.length), 0, 'no ghost was drawn');
    assert.deepStrictEqual(problems, []);
    await page.close();
  },
};
