// A table drawn again writes only what changed (issue #20 target 2). Every board redraws the
// parts an action changed; under `erase_components` Leptos' view layer used to remove and set
// again every attribute of every element it redrew, so about half of what the page wrote at
// each action was a value the attribute already had, and the browser restyled and laid out each
// such element again (vendor/tachys/TURF-PATCH.md). Two Easy computers play each game at the
// Instant pace; a MutationObserver counts the attribute writes, and the writes that left the
// attribute as it was.
const assert = require('assert');
const { guardedPage, easyTable } = require('./lib');

const GAMES = ['herd', 'toy-battle', 'moonlight', 'turncoats', 'long-campaign'];

// In the page: counts attribute writes by whether they changed the attribute. A write whose old
// value is the attribute's value when the batch is delivered changed nothing (or was undone in
// the same batch), so only the first write of an attribute in a batch is judged.
function watchWrites() {
  window.__writes = { all: 0, unchanged: 0, examples: [] };
  new MutationObserver(records => {
    const seen = new Map();
    for (const r of records) {
      if (r.type !== 'attributes') continue;
      window.__writes.all++;
      const names = seen.get(r.target) || new Set();
      seen.set(r.target, names);
      if (names.has(r.attributeName)) continue;
      names.add(r.attributeName);
      if (r.oldValue === r.target.getAttribute(r.attributeName)) {
        window.__writes.unchanged++;
        const what = `${r.target.nodeName.toLowerCase()}.${(r.target.getAttribute('class') || '').split(' ')[0]} ${r.attributeName}`;
        if (window.__writes.examples.length < 5) window.__writes.examples.push(what);
      }
    }
  }).observe(document.querySelector('.table'), { subtree: true, attributes: true, attributeOldValue: true });
}

async function play(url, context, game) {
  const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
  await easyTable(page, url, game);
  await page.evaluate(watchWrites);
  await page.selectOption('.pace select', '0');
  // Until the log has grown by a dozen actions (or the game ended).
  await page.waitForFunction(() => document.querySelectorAll('.log-lines li').length >= 12
    || document.querySelector('[data-testid="game-over"]'), null, { timeout: 60000 });
  const writes = await page.evaluate(() => window.__writes);
  assert.deepStrictEqual(problems, []);
  await page.close();
  return writes;
}

module.exports = {};
for (const game of GAMES) {
  module.exports[`a ${game} table drawn again writes back no attribute it already had`] = async ({ url, context }) => {
    const { all, unchanged, examples } = await play(url, context, game);
    assert.ok(all > 20, `the table was drawn again (${all} attribute writes)`);
    // Before the fix about half of all writes. Some still are, rightly: a view drawn from
    // another `view!` (an if/else of two pictures of one element) is set anew; in Toy Battle
    // that was 4 writes of 180.
    assert.ok(unchanged <= all / 10, `${unchanged} of ${all} attribute writes left the attribute as it was (${examples.join(', ')})`);
  };
}

// The log's lines are held in pages of 20 (src/ui/table/log.rs), which the browser draws only
// while they are on the screen: an action adds its lines to the newest page and leaves every
// other page as it was, and the log still reads newest first across the pages.
module.exports['a long log adds each line to its newest page, and reads newest first across pages'] = async ({ url, context }) => {
  const { page, problems } = await guardedPage(context, { width: 1280, height: 800 });
  await easyTable(page, url, 'herd');
  await page.selectOption('.pace select', '0');
  await page.waitForFunction(() => document.querySelectorAll('.log-page li').length >= 45, null, { timeout: 60000 });
  // Every change to the log's pages from now on, by the page it happened in.
  await page.evaluate(() => {
    window.__pages = [];
    const pages = document.querySelector('.log-lines');
    new MutationObserver(records => {
      for (const r of records) {
        const where = r.target === pages ? 'pages' : [...pages.children].indexOf(r.target.closest('.log-page'));
        window.__pages.push([where, r.addedNodes.length, r.removedNodes.length]);
      }
    }).observe(pages, { childList: true, subtree: true });
  });
  const before = await page.$$eval('.log-page', ps => ps.length);
  await page.waitForFunction(n => document.querySelectorAll('.log-page li').length >= n + 6, await page.$$eval('.log-page li', ls => ls.length), { timeout: 60000 });
  const { changes, pages, numbers, tops } = await page.evaluate(() => {
    const lis = [...document.querySelectorAll('.log-page li')];
    return {
      changes: window.__pages,
      pages: [...document.querySelectorAll('.log-page')].map(p => [...p.querySelectorAll('.log-no')].map(n => parseInt(n.textContent, 10))),
      numbers: lis.map(li => parseInt(li.querySelector('.log-no').textContent, 10)),
      tops: lis.map(li => li.getBoundingClientRect().top),
    };
  });
  assert.ok(changes.length > 0, 'the log grew');
  const last = pages.length - 1;
  // A line lands on the newest page, or opens a new one (when the newest was full).
  const elsewhere = changes.filter(([where, added, removed]) =>
    !(where === last || where === last - 1 && pages.length === before + 1 || where === 'pages' && added <= 1 && removed === 0));
  assert.deepStrictEqual(elsewhere, [], `changes outside the newest page: ${JSON.stringify(changes)}`);
  pages.forEach((lines, p) => {
    assert.ok(lines.length <= 20 && lines.length > 0, `page ${p} holds 1 to 20 lines (${lines.length})`);
    const first = Math.floor((lines[0] - 1) / 20);
    assert.ok(lines.every(n => Math.floor((n - 1) / 20) === first), `page ${p} holds one score of lines: ${lines}`);
  });
  numbers.forEach((n, i) => i > 0 && assert.strictEqual(n, numbers[i - 1] + 1, 'the lines are held oldest first, numbered in turn'));
  tops.forEach((top, i) => i > 0 && assert.ok(top < tops[i - 1], `line ${numbers[i]} is shown above line ${numbers[i - 1]}`));
  assert.deepStrictEqual(problems, []);
  await page.close();
};
