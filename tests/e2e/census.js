// What a table's page is made of (issue #20 target 2): the elements in each part of each game's
// table, after two Easy computers have played a while at the Instant pace. The browser's style,
// layout and paint of a frame grow with the page, so this says where to look first (stop 44: the
// log's 200 lines were two thirds of Herd's and Long Campaign's tables).
// usage: node tests/e2e/census.js [seconds of play] [game…]   (needs dist/: `make dist`; or
// E2E_DIST=<build>; default 2.5 s, every game). A part is listed when it holds 60 elements or
// more, down to five levels below the page's body.
const { startServer, launch, guardedPage, easyTable } = require('./lib');

const GAMES = ['herd', 'toy-battle', 'moonlight', 'turncoats', 'long-campaign'];

// In the page: each element holding at least `least` elements, as an indented line.
function census(least) {
  const lines = [];
  const walk = (el, depth) => {
    const n = el.querySelectorAll('*').length + 1;
    if (n < least) return;
    const cls = typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\s+/).join('.') : '';
    lines.push(`${'  '.repeat(depth)}${el.tagName.toLowerCase()}${cls} ${n}`);
    if (depth < 6) for (const child of el.children) walk(child, depth + 1);
  };
  walk(document.body, 0);
  return lines;
}

(async () => {
  const seconds = Number(process.argv[2] || 2.5);
  const games = process.argv.slice(3).length ? process.argv.slice(3) : GAMES;
  const server = await startServer(Number(process.env.E2E_PORT || 8769));
  const browser = await launch();
  try {
    for (const game of games) {
      const { page } = await guardedPage(browser.context, { width: 1280, height: 800 });
      await easyTable(page, server.url, game);
      await page.selectOption('.pace select', '0');
      await page.waitForTimeout(seconds * 1000);
      const lines = await page.$$eval('.log li', ls => ls.length);
      console.log(`${game} (${lines} log lines):`);
      for (const line of await page.evaluate(census, 60)) console.log(`  ${line}`);
      await page.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
})().catch(e => { console.error(e); process.exit(1); });
