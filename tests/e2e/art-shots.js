// Screenshots of the pieces as a player sees them (issue #21): Toy Battle's Troops, Herd's and
// Turncoats' stones, Long Campaign's castles, each at desktop (1280x800) and phone (390x844)
// size, from the recorded Hard games in fixtures/ cut at a middle turn and played to their end.
// Not part of the suite (not a *.test.js): run it after `make dist` and look at the pictures.
// usage: node tests/e2e/art-shots.js [game…]   (shots go to tests/e2e/artifacts/art/)
const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');
const { startServer, CHROMIUM, CHROMIUM_ARGS, guardedPage, fresh, ARTIFACTS } = require('./lib');

const OUT = path.join(ARTIFACTS, 'art');
// Where to cut each record for the middle of the game (a share of its actions), the board, and
// what the close-ups show (CSS selectors; `>> nth=i` picks one of them).
const GAMES = {
  'toy-battle': { middle: 0.6, board: 'svg.tb-board', zoom: ['.tb-token >> nth=0', '.tb-token >> nth=3', '.tb-token >> nth=6'] },
  herd: { middle: 0.45, board: 'svg.herd-board', zoom: ['.cell[data-cell="0"], .cell[data-cell="1"], .cell[data-cell="2"]'] },
  turncoats: { middle: 0.7, board: 'svg.tc-map', zoom: ['.tc-area-g >> nth=1', '.tc-area-g >> nth=5'] },
  'long-campaign': { middle: 0.75, board: 'svg.lc-map', zoom: ['.lc-castle >> nth=0', '.lc-castle >> nth=1', '.lc-castle >> nth=2'] },
};
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

// The record of a Hard vs Hard game, cut after `share` of its actions, as a file to import.
function cutRecord(game, share) {
  const record = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', `hard-game-${game}.json`), 'utf8'));
  record.actions = record.actions.slice(0, Math.round(record.actions.length * share));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'turf-art-')), `${game}.json`);
  fs.writeFileSync(file, JSON.stringify(record));
  return file;
}

// Narrows the board's view box to the box around the elements `sel` (false if there are none).
async function zoomTo(page, board, sel) {
  return page.evaluate(([board, sel]) => {
    const svg = document.querySelector(board);
    const [css, nth] = sel.split(' >> nth=');
    const els = [...svg.querySelectorAll(css)].filter((_, i) => nth === undefined || i === Number(nth));
    if (!els.length) return false;
    svg.dataset.viewBox = svg.dataset.viewBox || svg.getAttribute('viewBox');
    const inverse = svg.getScreenCTM().inverse();
    const xs = [], ys = [];
    for (const el of els) {
      const r = el.getBoundingClientRect();
      for (const [x, y] of [[r.left, r.top], [r.right, r.bottom]]) {
        const p = new DOMPoint(x, y).matrixTransform(inverse);
        xs.push(p.x); ys.push(p.y);
      }
    }
    const pad = 8;
    const [x0, y0] = [Math.min(...xs) - pad, Math.min(...ys) - pad];
    svg.setAttribute('viewBox', `${x0} ${y0} ${Math.max(...xs) + pad - x0} ${Math.max(...ys) + pad - y0}`);
    return true;
  }, [board, sel]);
}

async function open(page, url, game, share) {
  await fresh(page, url);
  await page.setInputFiles('[data-testid="import"]', cutRecord(game, share));
  await page.waitForSelector(`.table[data-game="${game}"]`);
  const ready = await page.$('[data-testid="handoff-ready"]');
  if (ready) await ready.click();
  await page.waitForSelector(GAMES[game].board);
  await page.waitForTimeout(400);
}

(async () => {
  const games = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(GAMES);
  fs.mkdirSync(OUT, { recursive: true });
  const server = await startServer(Number(process.env.E2E_PORT || 8851));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  let problems = [];
  try {
    for (const game of games) {
      for (const [size, viewport] of Object.entries(SIZES)) {
        for (const [when, share] of [['middle', GAMES[game].middle], ['end', 1]]) {
          // The page as it is seen, and the board alone at two (desktop) or three (phone)
          // pixels per CSS pixel to judge the pieces up close.
          for (const scale of [1, size === 'phone' ? 3 : 2]) {
            const context = await browser.newContext({ viewport, deviceScaleFactor: scale });
            const { page, problems: seen } = await guardedPage(context);
            await open(page, server.url, game, share);
            const name = `${game}-${when}-${size}`;
            if (scale === 1) await page.screenshot({ path: path.join(OUT, `${name}.png`) });
            else await (await page.$(GAMES[game].board)).screenshot({ path: path.join(OUT, `${name}-board.png`) });
            // Close-ups: the board's view box narrowed to a few pieces (Long Campaign's castles
            // are small on the map), drawn by the browser at full size.
            if (scale > 1 && size === 'desktop') {
              for (const [i, sel] of GAMES[game].zoom.entries()) {
                if (await zoomTo(page, GAMES[game].board, sel)) {
                  await (await page.$(GAMES[game].board)).screenshot({ path: path.join(OUT, `${name}-zoom-${i + 1}.png`) });
                }
              }
            }
            if (scale === 1) console.log(`${name}: ${seen.length ? seen.join('; ') : 'ok'}`);
            problems = problems.concat(seen.map(p => `${name}: ${p}`));
            await context.close();
          }
        }
      }
    }
    // Toy Battle's rack (the recorded games end with it empty): a new game against the computer.
    if (games.includes('toy-battle')) {
      for (const [size, viewport] of Object.entries(SIZES)) {
        const context = await browser.newContext({ viewport, deviceScaleFactor: size === 'phone' ? 3 : 2 });
        const { page, problems: seen } = await guardedPage(context);
        await fresh(page, server.url);
        await page.click('button[data-game="toy-battle"]');
        await page.selectOption('[data-seat="1"] select', 'easy');
        await page.click('[data-testid="start-game"]');
        await page.waitForSelector('.tb-rack-tile');
        await (await page.$('[data-testid="tb-rack"]')).screenshot({ path: path.join(OUT, `toy-battle-rack-${size}.png`) });
        problems = problems.concat(seen.map(p => `toy-battle-rack-${size}: ${p}`));
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server.stop();
  }
  if (problems.length) { console.log(problems.join('\n')); process.exit(1); }
  console.log(`shots in ${path.relative(process.cwd(), OUT)}/`);
})().catch(e => { console.error(e); process.exit(1); });
