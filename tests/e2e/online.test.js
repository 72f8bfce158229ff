// Online tables (issue #17), end to end over real RTCDataChannels between pages of one Chromium,
// a browser context per device: the host's invitation link and the guest's reply are read from
// one page and typed into the other, as players pass them along. Run inside the private network
// namespace of scripts/netns-run.sh (Makefile's test-e2e does), so no packet leaves the test.
// Any console error, page error or request leaving 127.0.0.1 on any device fails a test.
const assert = require('assert');
const { shot, ARTIFACTS } = require('./lib');
const { launchDevices, hostTable, invitation, join, connect, atTable, joinAll, received, lastShow, playOnline, settle, median, verdict } = require('./online-lib');

const HOST = 'Anna', GUEST = 'Bence', GUEST2 = 'Csilla';

// Runs `fn(devices)` with a fresh browser; on a failure, a screenshot of every open page first.
async function withDevices(name, fn) {
  const devices = await launchDevices();
  const pages = [];
  const api = {
    device: async (...a) => { const d = await devices.device(...a); pages.push(d.page); return d; },
    page: async (...a) => { const d = await devices.page(...a); pages.push(d.page); return d; },
  };
  try {
    await fn(api);
  } catch (e) {
    // And what each page received and sent over its channels, to see what a verdict was shown.
    for (const [i, p] of pages.entries()) {
      if (p.isClosed()) continue;
      await shot(p, `online-${name}-failed-${i}`).catch(() => {});
      const parse = t => { try { return JSON.parse(t); } catch (e) { return t; } };
      const [got, sent] = await p.evaluate(() => [window.__turfReceived || [], window.__turfSent || []]).catch(() => [[], []]);
      require('fs').writeFileSync(require('path').join(ARTIFACTS, `online-${name}-failed-${i}-messages.json`), JSON.stringify({ received: got.map(parse), sent: sent.map(parse) }, null, 1));
    }
    throw e;
  } finally {
    await devices.close();
  }
}

// What a guest's join screen must say before it replies: the game, who invites, and as whom.
async function assertJoinScreen(page, { game, host, seat }) {
  const text = await page.textContent('body');
  assert.ok(text.includes(game), `the join screen names the game ${game}: ${text.slice(0, 200)}`);
  assert.ok(text.includes(host), `the join screen names the host ${host}: ${text.slice(0, 200)}`);
  assert.ok(text.includes(seat), `the join screen names the seat's player ${seat}: ${text.slice(0, 200)}`);
}

// Each remote player's mark in the host's players panel, in seat order.
const remoteMarks = page => page.$$eval('.players [data-remote]', els => els.map(e => e.dataset.remote));
const refusals = page => page.$$eval('[data-testid="online-refusal"]', els => els.map(e => e.textContent.trim()));
const legalCount = page => page.$$eval('[data-legal]', els => els.length);
const isOver = async page => !!(await page.$('[data-testid="game-over"]'));

function codeLengths(label, codes) {
  for (const [seat, { link, reply }] of Object.entries(codes)) {
    const code = link.slice(link.indexOf('#join=') + 6);
    console.log(`${label}: seat ${seat} invitation ${link.length} characters (the link; its code ${code.length}), reply ${reply.length} characters`);
  }
}

// The end every online test reaches: the game-over screen everywhere, the guests' verdicts
// true, no refusal of an honest guest, and no console error on any device.
async function assertFinished(host, guests, { refused = 0 } = {}) {
  assert.match(await host.page.textContent('[data-testid="game-over"]'), /wins?!|draw/i);
  for (const g of guests) {
    assert.match(await g.page.textContent('[data-testid="game-over"]'), /wins?!|draw/i);
    const v = await verdict(g.page);
    assert.strictEqual(v.ok, 'true', 'the guest verified the game: ' + v.text);
    // The verdict comes from the host's reveal, after the game: the guest really got one.
    assert.ok((await received(g.page)).some(m => m.json.m && m.json.m.type === 'reveal'), 'the guest got the reveal');
  }
  const r = await refusals(host.page);
  assert.strictEqual(r.length, refused, 'refused guest messages: ' + JSON.stringify(r));
  for (const d of [host, ...guests]) assert.deepStrictEqual(d.problems, []);
}

// --- Herd ------------------------------------------------------------------------------------

// A Herd table with the host at seat 0 and a friend at seat 1, in the host's lobby.
async function herdLobby(api, url) {
  const H = await api.device(), G = await api.device();
  const links = await hostTable(H.page, url, {
    game: 'herd',
    remote: [1],
    names: { 0: HOST, 1: GUEST },
    setup: p => p.selectOption('.options select >> nth=0', '4'),
  });
  return { H, G, links };
}

// Which cells hold a stone of which colour, as a page draws the Herd board.
const herdStones = page => page.$$eval('svg.herd-board g.cell', gs => gs.map(g => {
  const s = g.querySelector('circle.stone');
  return g.dataset.cell + ':' + (s ? [...s.classList].find(c => c.startsWith('seat-')) : '-');
}).join(' '));

// The host's table as far as a refused message must leave it: the board and the log.
const herdState = page => page.evaluate(() => ({
  board: document.querySelector('svg.herd-board').outerHTML,
  log: (document.querySelector('.log') || {}).textContent,
}));

// --- Toy Battle ------------------------------------------------------------------------------

// Troop types by `Troop as usize`, as the rack tiles name them (data-troop) and as JSON names
// them (serde, lowercase).
const TROOP_NAMES = ['Kwak', 'Skully', "Cap'n", 'Jumbo', 'Hook', 'XB-42', 'Star', 'Roxy'];
const TROOP_JSON = new Set(['kwak', 'skully', 'capn', 'jumbo', 'hook', 'xb42', 'star', 'roxy']);

// The rack a page shows, as the 8 counts of `Rack.troops` (frozen copies included); null when
// the page shows no rack (the game-over screen).
const rackCounts = page => page.evaluate(names => {
  const rack = document.querySelector('[data-testid="tb-rack"]');
  if (!rack) return null;
  const counts = [0, 0, 0, 0, 0, 0, 0, 0];
  for (const t of rack.querySelectorAll('[data-troop]')) counts[names.indexOf(t.dataset.troop)]++;
  return counts;
}, TROOP_NAMES);

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// Every (path, value) in a parsed JSON value.
function* walk(value, path = []) {
  yield [path, value];
  if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* walk(v, [...path, k]);
}

// What a guest may never be sent before the reveal (toy_battle's ToyBattleState and the
// match's Record, against ToyBattleView): the armies with their reserves (an ordered list of
// Troops) and the four set aside, and the record or its seed, or the host's secret.
const SECRET_KEYS = ['armies', 'reserve', 'set_aside', 'seed', 'record', 'secret', 'shares'];

// One message to the guest at `seat`, before the reveal: nothing of the above, no rack but the
// guest's own (`view.rack`, the only `Rack` a ToyBattleView has; the others are faces: size,
// frozen, known), no list of Troops, and never the host's rack's counts where they differ from
// the guest's (`hostRack`, read from the host's page at this point).
function assertNothingHidden(msg, seat, hostRack, guestRack) {
  const m = msg.json.m;
  assert.ok(m && msg.json.v === 1, 'a protocol message: ' + msg.text.slice(0, 100));
  const where = `${m.type} message ${msg.text.slice(0, 160)}`;
  for (const [path, value] of walk(m)) {
    const key = path[path.length - 1];
    assert.ok(!SECRET_KEYS.includes(key), `"${key}" at ${path.join('.')} in a ${where}`);
    if (value && typeof value === 'object' && !Array.isArray(value) && 'troops' in value) {
      assert.strictEqual(path.join('.'), 'view.rack', `a rack at ${path.join('.')} in a ${where}`);
    }
    if (Array.isArray(value) && value.length >= 2 && value.every(v => TROOP_JSON.has(v))) {
      assert.fail(`a list of Troops (a reserve?) at ${path.join('.')} in a ${where}`);
    }
    // (A face's `known` Troops are public, and may be all a rack holds.)
    if (Array.isArray(value) && value.length === 8 && path.join('.') !== 'view.rack.troops' && key !== 'known' && hostRack &&
        hostRack.reduce((a, b) => a + b, 0) >= 3 && !same(hostRack, guestRack) && same(value, hostRack)) {
      assert.fail(`the host's rack ${JSON.stringify(hostRack)} at ${path.join('.')} in a ${where}`);
    }
  }
  if (m.type === 'show') {
    assert.strictEqual(m.view.seat, seat, 'the view is of the guest\'s own seat');
    assert.ok(Array.isArray(m.view.reserves) && m.view.reserves.every(n => typeof n === 'number'), 'reserves are sizes only');
    for (const face of m.view.racks) assert.ok(!('troops' in face), 'the racks\' faces show no Troops');
  }
}

// Toy Battle clicks that end a game in good time (as toy-battle.test.js): act on the Terrain
// mostly, draw now and then.
async function toyPick(page, legal) {
  const any = els => els[Math.floor(Math.random() * els.length)];
  const nodes = await page.$$('.tb-node[data-legal]');
  const banner = await page.$$('.tb-banner [data-legal]');
  const rack = await page.$$('.tb-rack-tile[data-legal]');
  const draw = await page.$$('.tb-draw[data-legal]');
  if (nodes.length && Math.random() < 0.85) return any(nodes);
  if (banner.length) return any(banner);
  if (rack.length && (draw.length === 0 || Math.random() < 0.75)) return any(rack);
  if (draw.length) return any(draw);
  return any(legal);
}

// --- Turncoats -------------------------------------------------------------------------------

// Turncoats clicks as turncoats.test.js's playToEnd: the first turns act on the map, then
// negotiate now and then and usually finish a follow-up, so a game ends in good time.
function turncoatsPick() {
  let n = 0;
  return async (page, legal) => {
    const any = els => els[Math.floor(Math.random() * els.length)];
    const early = n++ < 25;
    const neg = early ? null : await page.$('.tc-negotiate[data-legal]');
    if (neg && Math.random() < 0.3) return neg;
    const choices = await page.$$('.tc-choice[data-legal]');
    if (choices.length && Math.random() < 0.7) return any(choices);
    const pool = early ? await page.$$('[data-legal]:not(.tc-negotiate)') : legal;
    return any(pool.length ? pool : legal);
  };
}

module.exports = {
  async 'Herd online: host against a guest, by clicks to the end, verified on the guest'({ url }) {
    await withDevices('herd', async api => {
      const { H, G, links } = await herdLobby(api, url);
      assert.deepStrictEqual(await H.page.$$eval('[data-testid="invite-link"]', els => els.map(e => e.dataset.seat)), ['1'], 'one invitation, for the remote seat');
      const reply = await join(G.page, links[1]);
      await assertJoinScreen(G.page, { game: 'Herd', host: HOST, seat: GUEST });
      await connect(H.page, 1, reply);
      await atTable(H.page, [G.page], 'herd');
      codeLengths('Herd', { 1: { link: links[1], reply } });
      assert.deepStrictEqual(await remoteMarks(H.page), ['connected'], 'the guest is marked connected in the host\'s players panel');
      await shot(H.page, 'online-herd-host-table');
      await shot(G.page, 'online-herd-guest-table');

      let checks = 0;
      const { clicks, times } = await playOnline({ host: H.page, guests: [G.page] }, {
        latency: true,
        // Between actions: at most one device has targets (the one whose seat is to move), and
        // both draw the same stones (Herd hides nothing; the guest's board is built from what
        // it received).
        after: async () => {
          const withTargets = (await legalCount(H.page) > 0) + (await legalCount(G.page) > 0);
          assert.ok(withTargets <= 1, 'only the seat to move has targets, on its own device');
          assert.strictEqual(await herdStones(G.page), await herdStones(H.page), 'the guest\'s board is the host\'s');
          checks++;
        },
      });
      assert.ok(clicks > 5 && checks === clicks, `both played (${clicks} clicks)`);
      const guestClicks = await G.page.evaluate(() => window.__turfSent.filter(t => t.includes('"act"')).length);
      assert.ok(guestClicks > 2, `the guest played by clicks too (${guestClicks} actions sent)`);
      await assertFinished(H, [G]);
      console.log('online latency median ms', median(times).toFixed(1), `(${times.length} actions, min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)})`);
      // Causality, not speed: no device shows an action before it was clicked on another (a
      // watch that counted other changes once gave times below zero).
      assert.ok(Math.min(...times) >= 0, `a click showed on the other device before it was made: ${Math.min(...times).toFixed(1)} ms`);
      await shot(H.page, 'online-herd-host-over');
      await shot(G.page, 'online-herd-guest-over');
    });
  },

  async 'Toy Battle online: the guest is never sent nor shown the host\'s rack, the reserves or the record'({ url }) {
    await withDevices('toy-battle', async api => {
      const H = await api.device(), G = await api.device();
      const links = await hostTable(H.page, url, {
        game: 'toy-battle',
        remote: [1],
        names: { 0: HOST, 1: GUEST },
        setup: p => p.selectOption('[data-testid="tb-terrain"]', 'castle'),
      });
      const codes = await joinAll(H.page, { 1: G.page }, links, 'toy-battle');
      codeLengths('Toy Battle', codes);
      let seen = 0, checkpoints = 0, differing = 0, shotMid = false;
      // After every click and its answers: every message the guest got since the last look,
      // against the host's rack as the host's page shows it now; and the guest's page shows
      // only its own rack, the one it was sent.
      const check = async clicks => {
        const msgs = await received(G.page);
        const revealAt = msgs.findIndex(m => m.json.m && m.json.m.type === 'reveal');
        const before = revealAt < 0 ? msgs : msgs.slice(0, revealAt);
        const hostRack = await rackCounts(H.page);
        const guestRack = await rackCounts(G.page);
        for (const msg of before.slice(seen)) assertNothingHidden(msg, 1, hostRack, guestRack);
        seen = before.length;
        assert.ok(await G.page.$$eval('[data-troop]', els => els.every(e => e.closest('[data-testid="tb-rack"]'))), 'the guest\'s page names Troops only in its own rack');
        assert.ok((await G.page.$$('[data-testid="tb-rack"]')).length <= 1, 'one rack on the guest\'s page');
        if (guestRack && hostRack && !(await isOver(G.page))) {
          const shown = await lastShow(G.page);
          assert.deepStrictEqual(guestRack, shown.view.rack.troops, 'the guest\'s page shows the rack it was sent');
          if (!same(hostRack, guestRack)) differing++;
          checkpoints++;
        }
        if (!shotMid && clicks >= 40) {
          shotMid = true;
          await shot(H.page, 'online-toy-battle-host-table');
          await shot(G.page, 'online-toy-battle-guest-table');
        }
      };
      await playOnline({ host: H.page, guests: [G.page] }, { pick: toyPick, maxClicks: 2500, after: check });
      await settle([H.page, G.page]);
      await check(Infinity);
      // If the guest's "own" rack were the host's, the two would always be equal.
      assert.ok(checkpoints > 10 && differing > 0, `the guest's rack is not the host's (${differing} of ${checkpoints} looks differ)`);
      // The scan above can see a secret: the reveal, at the end, holds the record and its seed.
      const msgs = await received(G.page);
      const reveal = msgs.find(m => m.json.m && m.json.m.type === 'reveal');
      assert.ok(reveal, 'the guest got the reveal at the end');
      assert.strictEqual(msgs[msgs.length - 1], reveal, 'nothing came after the reveal'); // so every earlier message was scanned
      const revealKeys = new Set([...walk(reveal.json.m)].map(([p]) => p[p.length - 1]));
      assert.ok(revealKeys.has('record') && revealKeys.has('seed'), 'the reveal carries the record and its seed');
      await assertFinished(H, [G]);
      await shot(H.page, 'online-toy-battle-host-over');
      await shot(G.page, 'online-toy-battle-guest-over');
    });
  },

  async 'Turncoats online: the host, two guests and a computer, to the end'({ url }) {
    await withDevices('turncoats', async api => {
      const H = await api.device(), G1 = await api.device(), G2 = await api.device();
      const links = await hostTable(H.page, url, {
        game: 'turncoats',
        remote: [1, 2],
        names: { 0: HOST, 1: GUEST, 2: GUEST2 },
        setup: async p => {
          await p.selectOption('[data-testid="tc-players"]', '4');
          await p.selectOption('[data-seat="3"] select', 'easy');
        },
      });
      assert.deepStrictEqual(await H.page.$$eval('[data-testid="invite-link"]', els => els.map(e => e.dataset.seat)), ['1', '2'], 'an invitation per remote seat');
      assert.notStrictEqual(links[1], links[2], 'each seat has its own invitation');
      const codes = await joinAll(H.page, { 1: G1.page, 2: G2.page }, links, 'turncoats');
      codeLengths('Turncoats', codes);
      assert.deepStrictEqual(await remoteMarks(H.page), ['connected', 'connected'], 'both guests marked connected');
      // The computer's moves at full speed, where the table offers the setting.
      if (await H.page.$('.pace select')) await H.page.selectOption('.pace select', '0');
      let shotMid = false;
      const guests = [[G1.page, '1'], [G2.page, '2']];
      await playOnline({ host: H.page, guests: [G1.page, G2.page] }, {
        pick: turncoatsPick(),
        maxClicks: 4000,
        after: async clicks => {
          // Each guest's page holds its own hand only.
          for (const [page, seat] of guests) {
            const hands = await page.$$eval('[data-testid="tc-hand"]', els => els.map(e => e.dataset.handSeat));
            assert.ok(hands.every(s => s === seat), `guest ${seat} sees only its own hand (${hands})`);
          }
          if (!shotMid && clicks >= 30) {
            shotMid = true;
            await shot(H.page, 'online-turncoats-host-table');
            await shot(G1.page, 'online-turncoats-guest1-table');
          }
        },
      });
      await assertFinished(H, [G1, G2]);
      await shot(H.page, 'online-turncoats-host-over');
      await shot(G2.page, 'online-turncoats-guest2-over');
    });
  },

  async 'a guest\'s forged and illegal actions are refused and change nothing'({ url }) {
    await withDevices('forged', async api => {
      const { H, G, links } = await herdLobby(api, url);
      await joinAll(H.page, { 1: G.page }, links, 'herd');
      const send = (m) => G.page.evaluate(text => window.__turfChannels[0].send(text), JSON.stringify({ v: 1, m }));
      // Sends `m` from the guest's page as its app would, and checks the host refused it with
      // words matching `why`, its board and log exactly as before, and the guest told so.
      const refuse = async (m, why) => {
        const before = await herdState(H.page);
        const n = (await refusals(H.page)).length;
        const told = (await received(G.page)).filter(x => x.json.m && x.json.m.type === 'refused').length;
        await send(m);
        await H.page.waitForFunction(k => document.querySelectorAll('[data-testid="online-refusal"]').length > k, n, { timeout: 10000 });
        await settle([H.page, G.page]);
        const r = await refusals(H.page);
        assert.strictEqual(r.length, n + 1, 'one refusal noted per message');
        assert.match(r[n], why);
        assert.deepStrictEqual(await herdState(H.page), before, `the host's board and log are unchanged after ${JSON.stringify(m)}`);
        assert.strictEqual((await received(G.page)).filter(x => x.json.m && x.json.m.type === 'refused').length, told + 1, 'the guest is told');
      };
      // One click on a target of `page` (in Herd, an action), then the answers to it.
      const playOne = async page => {
        const got = await G.page.evaluate(() => window.__turfReceived.length);
        await (await page.$('[data-legal]')).click();
        if (page === G.page) await G.page.waitForFunction(n => window.__turfReceived.length > n, got, { timeout: 15000 });
        await settle([H.page, G.page]);
      };
      // Until `page`'s seat is to move, the other plays.
      const turnOf = async (page, other) => {
        for (let i = 0; i < 200 && await legalCount(page) === 0; i++) {
          if (await legalCount(other) > 0) await playOne(other);
          else await Promise.race([page, other].map(p => p.waitForSelector('[data-legal]', { timeout: 20000 })));
        }
        assert.ok(await legalCount(page) > 0, 'the turn came');
      };
      await turnOf(H.page, G.page);
      // 1. The host's turn: the guest sends an action that is legal for the host's seat.
      const hostAction = await H.page.$eval('[data-legal][data-cell]', g => ({ type: g.classList.contains('place') ? 'place' : 'remove', cell: Number(g.dataset.cell) }));
      await refuse({ type: 'act', moves: (await lastShow(G.page)).moves, action: hostAction }, /not that seat's turn/);
      // The host plays on until the guest's seat is to move.
      await turnOf(G.page, H.page);
      const shown = await lastShow(G.page);
      assert.ok(shown.legal.length > 0, 'the guest was sent its legal moves');
      const cells = (await G.page.$$eval('svg.herd-board g.cell', gs => gs.map(g => Number(g.dataset.cell))));
      const legalCells = new Set(shown.legal.map(a => a.cell));
      const illegalCell = cells.find(c => !legalCells.has(c));
      assert.ok(illegalCell !== undefined, 'a cell the guest may not play');
      // 2. Its own turn: a cell it may not play, 3. dice of its own choosing, 4. a legal move
      // for a table that has moved on.
      await refuse({ type: 'act', moves: shown.moves, action: { type: shown.legal[0].type, cell: illegalCell } }, /against the rules/);
      await refuse({ type: 'act', moves: shown.moves, action: { type: 'roll', d1: 6, d2: 6 } }, /against the rules/);
      await refuse({ type: 'act', moves: shown.moves - 1, action: shown.legal[0] }, /stands at/);
      assert.ok(await G.page.$('[data-legal]'), 'the guest may still play its turn');
      await shot(H.page, 'online-forged-host-refusals');
      // And the game goes on and ends, verified: the refusals changed nothing.
      await playOnline({ host: H.page, guests: [G.page] });
      await assertFinished(H, [G], { refused: 4 });
    });
  },

  async 'a dropped guest rejoins with a new invitation and finishes the game'({ url }) {
    await withDevices('rejoin', async api => {
      const { H, G, links } = await herdLobby(api, url);
      await joinAll(H.page, { 1: G.page }, links, 'herd');
      // Some moves, then the guest's device goes away on its own turn.
      await playOnline({ host: H.page, guests: [G.page] }, { until: async clicks => clicks >= 6 && await legalCount(G.page) > 0 });
      assert.ok(!(await isOver(H.page)), 'mid-game');
      const where = (await lastShow(G.page)).moves;
      const board = await herdStones(H.page);
      await G.page.close();
      await H.page.waitForFunction(() => { const m = document.querySelector('.players [data-remote]'); return m && m.dataset.remote === 'away'; }, null, { timeout: 60000 });
      await shot(H.page, 'online-rejoin-host-away');
      // The game waits for the away seat: nothing to play on the host, nothing changed.
      assert.strictEqual(await legalCount(H.page), 0, 'the host cannot play the away guest\'s turn');
      assert.strictEqual(await herdStones(H.page), board);
      await H.page.click('[data-testid="reconnect"][data-seat="1"]');
      const link = await invitation(H.page, 1);
      assert.notStrictEqual(link, links[1], 'a new invitation');
      // The same device opens it in a new page, replies, and is back at the table.
      const G2 = await api.page(G.context);
      const reply = await join(G2.page, link);
      await connect(H.page, 1, reply);
      await atTable(H.page, [G2.page], 'herd');
      assert.deepStrictEqual(await remoteMarks(H.page), ['connected']);
      await G2.page.waitForSelector('[data-legal]');
      assert.strictEqual((await lastShow(G2.page)).moves, where, 'the game continues where it was');
      assert.strictEqual(await herdStones(G2.page), board, 'the rejoined guest sees the board as it was');
      await shot(G2.page, 'online-rejoin-guest-back');
      await playOnline({ host: H.page, guests: [G2.page] });
      // The verdict covers the whole game: the ledger kept on the guest's device before the drop.
      await assertFinished(H, [G2]);
      assert.deepStrictEqual(G.problems, []);
    });
  },
};
