// Helpers for online tables (issue #17): several "devices" in one Chromium, each a browser
// context of its own, joined as players join: the host's invitation link and the guest's reply
// are read from one page's DOM and typed into the other, as a person would copy them.
// Run inside scripts/netns-run.sh (Makefile's test-e2e does): the pages connect over real
// RTCDataChannels on this machine, and the namespace keeps every packet in it.
const assert = require('assert');
const { chromium } = require('playwright-core');
const { CHROMIUM, CHROMIUM_ARGS, guardedPage, fresh } = require('./lib');

// Test-only instrumentation, injected before any script of the page runs (the product is not
// changed for it): every RTCDataChannel the page makes or is given is kept in
// window.__turfChannels, every message that arrives on one is pushed, with the time it
// arrived, to window.__turfReceived (strings) and window.__turfReceivedAt (ms, epoch), and every
// message the page sends to window.__turfSent (so the play loop can wait for answers).
// wasm-bindgen resolves `RTCPeerConnection` on the global at each `new`, so a subclass in its
// place sees every connection; our listeners are added before the page's own handlers.
function captureChannels() {
  const Original = window.RTCPeerConnection;
  if (!Original || Original.__turfWrapped) return;
  window.__turfChannels = [];
  window.__turfReceived = [];
  window.__turfReceivedAt = [];
  window.__turfSent = [];
  const keep = channel => {
    window.__turfChannels.push(channel);
    // Per channel too, so a closed channel's messages (a guest who left) can be left out.
    channel.__turfSent = 0;
    channel.__turfGot = 0;
    channel.addEventListener('message', e => {
      channel.__turfGot++;
      window.__turfReceived.push(typeof e.data === 'string' ? e.data : '[binary]');
      window.__turfReceivedAt.push(performance.timeOrigin + performance.now());
    });
    const send = channel.send;
    channel.send = function (data) {
      const sent = send.call(this, data);
      channel.__turfSent++;
      window.__turfSent.push(typeof data === 'string' ? data : '[binary]');
      return sent;
    };
  };
  class Captured extends Original {
    constructor(...args) {
      super(...args);
      this.addEventListener('datachannel', e => keep(e.channel));
    }
    createDataChannel(...args) {
      const channel = super.createDataChannel(...args);
      keep(channel);
      return channel;
    }
  }
  Captured.__turfWrapped = true;
  window.RTCPeerConnection = Captured;
}

// One Chromium for a test, with a browser context per device: pages of one context share
// localStorage, and the host's save and a guest's ledger must not see each other (nor may a
// guest page resume the host's game). run.js's own persistent context cannot make more
// contexts, so online tests launch this browser beside it, with the same flags.
async function launchDevices() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const contexts = [];
  return {
    browser,
    // A new device: its own context and one guarded page (console errors, page errors and
    // requests leaving 127.0.0.1 are collected in `problems`), English, channels captured.
    async device(viewport = { width: 1280, height: 800 }) {
      const context = await browser.newContext({ viewport, locale: 'en-US' });
      contexts.push(context);
      await context.addInitScript(captureChannels);
      const { page, problems } = await guardedPage(context, viewport);
      return { context, page, problems };
    },
    // Another page on the same device (a guest who opens a new invitation on the same phone
    // keeps what its device stored).
    async page(context, viewport = { width: 1280, height: 800 }) {
      const { page, problems } = await guardedPage(context, viewport);
      return { context, page, problems };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
    },
  };
}

// The host starts `game` from a clean home page: `setup(page)` picks the options and the seats
// that are not remote, then every seat in `remote` becomes "A friend on another device", then
// the seats get the `names` ({ seat: name }) typed in. Returns each remote seat's invitation
// link, as the lobby shows it.
async function hostTable(page, url, { game, setup = async () => {}, remote, names = {} }) {
  await fresh(page, url);
  await page.click(`button[data-game="${game}"]`);
  await setup(page);
  for (const seat of remote) await page.selectOption(`[data-seat="${seat}"] select`, 'remote');
  for (const [seat, name] of Object.entries(names)) await page.fill(`[data-seat="${seat}"] input`, name);
  await page.click('[data-testid="start-game"]');
  const links = {};
  for (const seat of remote) links[seat] = await invitation(page, seat);
  return links;
}

// The invitation link of `seat` in the host's lobby (or after Reconnect), read from the DOM.
async function invitation(page, seat) {
  const sel = `[data-testid="invite-link"][data-seat="${seat}"]`;
  await page.waitForSelector(sel, { timeout: 20000 });
  // The offer is written once its ICE candidates are gathered: wait for the whole link.
  await page.waitForFunction(s => /#join=\S+/.test(document.querySelector(s).textContent), sel, { timeout: 20000 });
  const link = (await page.textContent(sel)).trim();
  const origin = new URL(page.url()).origin;
  assert.ok(link.startsWith(origin + '/') && /#join=[A-Za-z0-9_-]+$/.test(link), `seat ${seat}'s invitation is a link to this Turf: ${link.slice(0, 120)}`);
  return link;
}

// A guest opens the link on its own device and reads the reply it is to send back.
async function join(page, link) {
  await page.goto(link);
  const sel = '[data-testid="reply-code"]';
  await page.waitForFunction(s => { const e = document.querySelector(s); return e && e.textContent.trim().length > 0; }, sel, { timeout: 20000 });
  return (await page.textContent(sel)).trim();
}

// The host pastes `reply` for `seat` and connects.
async function connect(page, seat, reply) {
  await page.fill(`[data-testid="reply-input"][data-seat="${seat}"]`, reply);
  await page.click(`[data-testid="reply-connect"][data-seat="${seat}"]`);
}

// Host and guests at the table of `game`, each page marked with its part.
async function atTable(host, guests, game) {
  await host.waitForSelector(`section.table[data-game="${game}"][data-online="host"]`, { timeout: 20000 });
  for (const g of guests) await g.waitForSelector(`section.table[data-game="${game}"][data-online="guest"]`, { timeout: 20000 });
}

// The whole joining of `guests` (pages, by seat) to a host already in its lobby, with `links`
// from hostTable(). Returns { seat: { link, reply } } for the code-length report.
async function joinAll(host, guests, links, game) {
  const codes = {};
  for (const [seat, page] of Object.entries(guests)) {
    const reply = await join(page, links[seat]);
    await connect(host, seat, reply);
    codes[seat] = { link: links[seat], reply };
  }
  await atTable(host, Object.values(guests), game);
  return codes;
}

// Every message a page received over its data channels so far, parsed (unparsable ones as
// { unparsed: text }), with the time each arrived.
async function received(page) {
  const [texts, times] = await page.evaluate(() => [window.__turfReceived || [], window.__turfReceivedAt || []]);
  return texts.map((t, i) => {
    let json;
    try { json = JSON.parse(t); } catch (e) { json = { unparsed: t }; }
    return { text: t, json, at: times[i] };
  });
}

// The last `show` a page received: what its seat was last shown.
async function lastShow(page) {
  const shows = (await received(page)).filter(m => m.json.m && m.json.m.type === 'show');
  return shows.length ? shows[shows.length - 1].json.m : null;
}

// --- Playing across pages --------------------------------------------------------------------

// Watches a page's table for the first change after arm(): the time (ms, epoch) when what the
// table shows first differed from what it showed when armed. Used for the latency from a click
// on one device to the action showing on another. The motion's overlay is left out: the ghosts
// of the previous action leave it when their motion ends, which is no news from the other
// device (counted, they gave click-to-change times below zero).
function installWatch() {
  if (window.__turfWatch) return;
  const sig = () => {
    const t = document.querySelector('section.table');
    return t ? [...t.children].filter(c => !c.classList.contains('motion-layer')).map(c => c.outerHTML).join('') : '';
  };
  const w = window.__turfWatch = { base: null, changedAt: null, sig };
  new MutationObserver(() => {
    if (w.base !== null && w.changedAt === null && sig() !== w.base) w.changedAt = performance.timeOrigin + performance.now();
  }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  // The moment of each click, as the page dispatched it (capture phase, before the app's own).
  window.__turfClickAt = null;
  window.addEventListener('click', () => { window.__turfClickAt = performance.timeOrigin + performance.now(); }, true);
}

const somethingToDo = () => !!(document.querySelector('[data-legal]') || document.querySelector('[data-testid="handoff-ready"]') || document.querySelector('[data-testid="game-over"]'));
const counts = page => page.evaluate(() => ({ sent: (window.__turfSent || []).length, received: (window.__turfReceived || []).length }));
// Messages sent and received on the page's open channels.
const openCounts = page => page.evaluate(() => (window.__turfChannels || []).filter(c => c.readyState === 'open')
  .reduce((n, c) => ({ sent: n.sent + c.__turfSent, received: n.received + c.__turfGot }), { sent: 0, received: 0 }));

// Until every message sent on an open channel by any page has arrived (the same totals twice in
// a row, 30 ms apart): then no page shows a table that an answer on its way would change.
async function settle(pages) {
  let last = null;
  for (let i = 0; i < 500; i++) {
    const c = await Promise.all(pages.filter(p => !p.isClosed()).map(openCounts));
    const sent = c.reduce((n, x) => n + x.sent, 0), got = c.reduce((n, x) => n + x.received, 0);
    const now = `${sent}/${got}`;
    if (sent === got && now === last) return;
    last = sent === got ? now : null;
    await new Promise(r => setTimeout(r, 30));
  }
  throw new Error('messages between the devices never settled (a message was lost?)');
}

// Plays an online game by clicks until every page shows the game-over screen. Each round, the
// page that has `[data-legal]` targets (a guest only has them on its own turn) gets a click
// chosen by `pick(page, legal)`; the host's hand-off screen is passed when it is up. After a
// click that made a guest send something, the loop waits for the host's answer to it, then for
// every message to arrive, so no stale target is clicked. With `latency`, every click is
// followed by a wait until each other page's table changes, and the click-to-change times are
// returned (so only use it where every click is an action that all devices see, as in Herd).
// `after(clicks, page)` runs after each click and its answers (checks between actions); when
// `until(clicks, page)` says so, the loop stops there (`stopped` is then true).
async function playOnline({ host, guests }, { pick = async (page, legal) => legal[Math.floor(Math.random() * legal.length)], maxClicks = 3000, latency = false, after = async () => {}, until = async () => false } = {}) {
  const pages = [host, ...guests];
  for (const p of pages) await p.evaluate(installWatch);
  const times = [];
  let clicks = 0;
  let idleSince = Date.now();
  for (;;) {
    const over = await Promise.all(pages.map(p => p.$('[data-testid="game-over"]')));
    if (over.every(Boolean)) return { clicks, times, stopped: false };
    let acted = false;
    for (const page of pages) {
      if (await page.$('[data-testid="game-over"]')) continue;
      const ready = await page.$('[data-testid="handoff-ready"]');
      if (ready) { await ready.click().catch(() => {}); acted = true; break; }
      const legal = await page.$$('[data-legal]');
      if (legal.length === 0) continue;
      const others = pages.filter(p => p !== page);
      if (latency) for (const o of others) await o.evaluate(() => { window.__turfWatch.base = window.__turfWatch.sig(); window.__turfWatch.changedAt = null; });
      const before = await counts(page);
      const el = await pick(page, legal);
      try {
        await el.click({ timeout: 2000 });
      } catch (e) {
        // The board re-rendered under the pointer: look again.
        break;
      }
      clicks++;
      acted = true;
      if (latency) {
        const clickAt = await page.evaluate(() => window.__turfClickAt);
        for (const o of others) {
          // Not a timed assertion: a generous bound on a wait, so a lost action fails with a
          // message instead of hanging the run.
          await o.waitForFunction(() => window.__turfWatch.changedAt !== null, null, { timeout: 15000 })
            .catch(() => { throw new Error(`click ${clicks} on one device never showed on another`); });
          times.push((await o.evaluate(() => window.__turfWatch.changedAt)) - clickAt);
        }
      }
      if (page !== host) {
        // A guest that sent an action waits for the host's show (or refusal) before its table
        // is current again.
        const sentNow = (await counts(page)).sent;
        if (sentNow > before.sent) {
          await page.waitForFunction(n => window.__turfReceived.length > n, before.received, { timeout: 15000 })
            .catch(() => { throw new Error(`the host never answered the guest's message ${sentNow}`); });
        }
      }
      await settle(pages);
      await after(clicks, page);
      if (await until(clicks, page)) return { clicks, times, stopped: true };
      break;
    }
    if (clicks > maxClicks) throw new Error('game did not end after ' + maxClicks + ' clicks');
    if (acted) { idleSince = Date.now(); continue; }
    // Nobody can act now: the host's AI thinks, or a message is on its way.
    const waiting = pages.filter((p, i) => !over[i]);
    await Promise.race(waiting.map(p => p.waitForFunction(somethingToDo, null, { timeout: 5000 }))).catch(() => {});
    if (Date.now() - idleSince > 90000) {
      const states = await Promise.all(pages.map(p => p.evaluate(() => (document.querySelector('.prompt') || document.body).textContent.trim().slice(0, 120))));
      throw new Error('for 90 s no page had anything to click and the game was not over on every page: ' + JSON.stringify(states));
    }
  }
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

// The guest's verdict at the end: `[data-testid="verified"]`, with data-ok and its words.
async function verdict(page) {
  await page.waitForSelector('[data-testid="verified"]', { timeout: 30000 });
  return { ok: await page.getAttribute('[data-testid="verified"]', 'data-ok'), text: (await page.textContent('[data-testid="verified"]')).trim() };
}

module.exports = { launchDevices, captureChannels, hostTable, invitation, join, connect, atTable, joinAll, received, lastShow, playOnline, settle, median, verdict };
