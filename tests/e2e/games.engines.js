// Each of the five games, one human against the Easy AI, played by taps on `[data-legal]` to
// the game-over screen, in every engine (engines.js): no console error and no request leaving
// 127.0.0.1 on the way. What to tap is chosen in the page (one round trip a tap, which matters
// over WebDriver); the tap itself is the engine's own pointer input.
const assert = require('assert');
const { openPage, startGame } = require('./engines');

// Runs in the page: what the player does next. `strategy` leans towards what advances each
// game so that it ends in good time on this slow machine (as the Chromium tests did before).
function nextMove(strategy, clicks) {
  const $ = s => document.querySelector(s);
  const $$ = s => [...document.querySelectorAll(s)];
  const any = els => els[Math.floor(Math.random() * els.length)];
  if ($('[data-testid="game-over"]')) return { over: true };
  const ready = $('[data-testid="handoff-ready"]');
  if (ready) return { el: ready, what: 'handoff' };
  const legal = $$('[data-legal]');
  if (!legal.length) return { wait: true };
  if (strategy === 'toy-battle') {
    const nodes = $$('.tb-node[data-legal]'), banner = $$('.tb-banner [data-legal]');
    const rack = $$('.tb-rack-tile[data-legal]'), draw = $$('.tb-draw[data-legal]');
    let pool;
    if (nodes.length && Math.random() < 0.85) pool = nodes;
    else if (banner.length) pool = banner;
    else if (rack.length && (draw.length === 0 || Math.random() < 0.75)) pool = rack;
    else if (draw.length) pool = draw;
    else pool = legal;
    return { el: any(pool) };
  }
  if (strategy === 'turncoats') {
    // The first turns act on the map, so the game cannot end before the human has played;
    // later, negotiate now and then and usually finish a follow-up.
    const early = clicks < 25;
    const neg = early ? null : $('.tc-negotiate[data-legal]');
    if (neg && Math.random() < 0.3) return { el: neg };
    const choices = $$('.tc-choice[data-legal]');
    if (choices.length && Math.random() < 0.7) return { el: any(choices) };
    const pool = early ? $$('[data-legal]:not(.tc-negotiate)') : legal;
    return { el: any(pool.length ? pool : legal) };
  }
  if (strategy === 'moonlight') {
    // Prefer what advances: a highlighted cell or a choice over re-selecting a hand card.
    const targets = legal.filter(e => !e.classList.contains('ml-hand-card'));
    return { el: any(targets.length && Math.random() < 0.9 ? targets : legal) };
  }
  if (strategy === 'long-campaign') {
    const input = $('[data-testid="numeric-answer"]');
    if (input) return { guess: true };
  }
  return { el: any(legal) };
}

// Taps until the game is over; returns the number of taps. `seen` collects what the page
// showed on the way (the AI's thinking indicator, screens named by `watch` selectors).
async function playToEnd(page, strategy, { maxClicks = 3000, watch = {}, onClick = async () => {} } = {}) {
  let clicks = 0;
  const seen = {};
  // The AI's thinking indicator is up for a moment only: a MutationObserver in the page notes it.
  await page.eval(() => {
    window.__turfSawThinking = !!document.querySelector('.table[data-thinking]');
    new MutationObserver(() => { if (document.querySelector('.table[data-thinking]')) window.__turfSawThinking = true; })
      .observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-thinking'], childList: true });
  });
  for (;;) {
    const found = await page.eval(sels => Object.fromEntries(Object.entries(sels).map(([k, s]) => [k, !!document.querySelector(s)])), watch);
    for (const [k, v] of Object.entries(found)) if (v) seen[k] = true;
    const move = await page.choose(nextMove, strategy, clicks);
    if (move.over) break;
    if (move.wait) {
      await page.waitFor(() => document.querySelector('[data-legal]') || document.querySelector('[data-testid="game-over"]') || document.querySelector('[data-testid="handoff-ready"]'), [], 60000);
      continue;
    }
    try {
      if (move.guess) {
        await page.fill('[data-testid="numeric-answer"]', String(1 + Math.floor(Math.random() * 2500)));
        await page.click('.lc-numeric [data-legal]');
      } else {
        await page.click(move.el);
      }
      if (move.what !== 'handoff') clicks++;
      await onClick(clicks);
    } catch (e) {
      // The board re-rendered under the finger (the AI moved, a follow-up appeared): look again.
      if (process.env.E2E_DEBUG) console.log('     retry: ' + e.message.split('\n')[0]);
    }
    if (clicks > maxClicks) throw new Error(`the game did not end after ${maxClicks} taps`);
  }
  seen.thinking = await page.eval(() => window.__turfSawThinking);
  return { clicks, seen };
}

// The game-over screen names a winner or a draw, the human made moves, and nothing went wrong.
async function assertOver(page, { clicks, seen }, min) {
  assert.ok(clicks > min, `the human made moves (${clicks} taps)`);
  const over = await page.text('[data-testid="game-over"]');
  assert.match(over, /wins?!|draw/i); // "You win!" for the default seat name
  assert.ok(seen.thinking, 'the AI showed its thinking indicator');
}

module.exports = {
  async 'a whole game of Herd against the Easy AI, by taps'({ url, engine }) {
    const page = await openPage(engine);
    await startGame(page, url, 'herd', { options: [['.options select', '4']] });
    await page.shot('herd-start-desktop');
    const result = await playToEnd(page, 'herd');
    await assertOver(page, result, 5);
    await page.shot('herd-over-desktop');
    assert.deepStrictEqual(page.problems, []);
    await page.close();
  },

  async 'a whole game of Toy Battle on Castle Field against the Easy AI, by taps'({ url, engine }) {
    const page = await openPage(engine);
    await startGame(page, url, 'toy-battle', { options: [['[data-testid="tb-terrain"]', 'castle']] });
    assert.ok(await page.has('svg.tb-board.tb-terrain-castle'), 'Castle Field is on the table');
    await page.shot('toy-battle-start-desktop');
    const result = await playToEnd(page, 'toy-battle', {
      maxClicks: 2500,
      onClick: async n => { if (n === 40) await page.shot('toy-battle-middle-desktop'); },
    });
    await assertOver(page, result, 3);
    assert.match(await page.text('[data-testid="game-over"]'), /wins?!/i, 'Toy Battle always has a winner');
    assert.ok(await page.has('.tb-banner.tb-over'), 'the board says how the game ended');
    await page.shot('toy-battle-over-desktop');
    assert.deepStrictEqual(page.problems, []);
    await page.close();
  },

  async 'a 3-player game of Turncoats against two Easy AIs, by taps'({ url, engine }) {
    const page = await openPage(engine);
    await startGame(page, url, 'turncoats', { seats: ['easy', 'easy'], options: [['[data-testid="tc-players"]', '3']] });
    await page.waitForSelector('[data-testid="tc-hand"] [data-legal]', 60000);
    assert.strictEqual(await page.count('[data-area]'), 11, 'eleven areas');
    await page.shot('turncoats-start-desktop');
    // One guided turn: a stone, an area, then the action menu (recruit, battle, march).
    await page.click('[data-testid="tc-hand"] [data-legal]');
    assert.strictEqual(await page.count('[data-area][data-legal]'), 11, 'every area is a target for a hand stone');
    await page.click('[data-area="7"]');
    const menu = await page.eval(() => [...document.querySelectorAll('.tc-choice[data-legal]')].map(e => e.textContent));
    assert.ok(menu.some(t => /Recruit/.test(t)) && menu.some(t => /Battle/.test(t)), 'recruit and battle offered: ' + menu);
    await page.shot('turncoats-menu-desktop');
    let midShot = false;
    const result = await playToEnd(page, 'turncoats', {
      maxClicks: 4000,
      onClick: async n => {
        if (!midShot && n > 12 && await page.has('.tc-area-g.changed') && await page.has('[data-testid="tc-hand"] [data-legal]')) {
          midShot = true;
          await page.shot('turncoats-mid-desktop');
        }
      },
    });
    await assertOver(page, result, 5);
    assert.ok(await page.has('.tc-revealed'), 'hands revealed at the end');
    await page.shot('turncoats-over-desktop');
    assert.deepStrictEqual(page.problems, []);
    await page.close();
  },

  async 'a whole match of Moonlight against the Easy AI, by taps, with the between-round choices'({ url, engine }) {
    const page = await openPage(engine);
    await startGame(page, url, 'moonlight');
    await page.shot('moonlight-start-desktop');
    const result = await playToEnd(page, 'moonlight', {
      maxClicks: 2500,
      watch: { choice: '[data-testid="ml-pick-lone-wolf"], [data-testid="ml-pick-power"]', scoring: '[data-testid="ml-scoring"]' },
      onClick: async n => { if (n === 6) await page.shot('moonlight-play-desktop'); },
    });
    await assertOver(page, result, 8);
    assert.ok(result.seen.choice, 'the human made a between-round choice');
    assert.ok(result.seen.scoring, 'the round scoring was shown');
    assert.ok(await page.has('[data-testid="ml-scoring"]'), 'the final scoring stays visible');
    await page.sleep(3500); // the scoring steps appear one by one
    await page.shot('moonlight-over-desktop');
    assert.deepStrictEqual(page.problems, []);
    await page.close();
  },

  async 'a whole Long Campaign with one human and two Easy computers, by taps'({ url, engine }) {
    const page = await openPage(engine);
    await startGame(page, url, 'long-campaign', { seats: ['easy', 'easy'], options: [['.options select', 'off']] });
    await page.shot('lc-start-desktop');
    let war = false;
    const result = await playToEnd(page, 'long-campaign', {
      maxClicks: 2000,
      watch: { choice: '.lc-option[data-legal]', numeric: '[data-testid="numeric-answer"]', reveal: '[data-testid="reveal"]', castle: '.lc-castle', timer: '.lc-timer' },
      onClick: async () => {
        if (!war && /War/.test(await page.text('[data-testid="phase"]') || '')) {
          war = true;
          await page.sleep(300);
          await page.shot('lc-war-desktop');
        }
      },
    });
    await assertOver(page, result, 5);
    const { seen } = result;
    assert.ok(seen.choice && seen.numeric && seen.reveal && seen.castle, `saw the screens: ${JSON.stringify(seen)}`);
    assert.ok(!seen.timer, 'no timer with the timer off');
    assert.ok(await page.has('.lc-history'), 'per-phase history at the end');
    await page.shot('lc-over-desktop');
    assert.deepStrictEqual(page.problems, []);
    await page.close();
  },
};
