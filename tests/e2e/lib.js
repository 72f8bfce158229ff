// Shared helpers for Turf's browser tests: a static server for dist/, Chromium with the flags
// this machine needs, and guards that fail a test on any console error or any request that
// leaves 127.0.0.1.
const { chromium } = require('playwright-core');
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');

const ROOT = path.resolve(__dirname, '../..');
const ARTIFACTS = path.join(__dirname, 'artifacts');

function waitForServer(url, timeoutMs = 15000) {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tryOnce = () => {
      http.get(url, res => { res.resume(); resolve(); }).on('error', () => {
        if (Date.now() - start > timeoutMs) reject(new Error('server did not start: ' + url));
        else setTimeout(tryOnce, 200);
      });
    };
    tryOnce();
  });
}

async function startServer(port) {
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', path.join(ROOT, 'dist')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  await waitForServer(url);
  return { url, stop: () => server.kill() };
}

async function launch() {
  const udd = fs.mkdtempSync(path.join(os.tmpdir(), 'turf-chrome-'));
  const context = await chromium.launchPersistentContext(udd, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return { context, close: async () => { await context.close(); fs.rmSync(udd, { recursive: true, force: true }); } };
}

// A page whose console errors and foreign requests are collected in `problems`.
async function guardedPage(context, viewport) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const problems = [];
  page.on('console', m => { if (m.type() === 'error') problems.push('console error: ' + m.text()); });
  page.on('pageerror', e => problems.push('page error: ' + e.message));
  page.on('request', r => {
    const u = new URL(r.url());
    if (!['127.0.0.1'].includes(u.hostname) && !['data:', 'blob:'].includes(u.protocol)) problems.push('request left 127.0.0.1: ' + r.url());
  });
  return { page, problems };
}

async function shot(page, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, name + '.png');
  await page.screenshot({ path: file });
  return file;
}

// Click `[data-legal]` elements until the game is over; `pick` chooses among them.
// Returns the number of clicks. Waits while the AI thinks.
async function playUntilOver(page, { maxClicks = 3000, pick = els => els[Math.floor(Math.random() * els.length)] } = {}) {
  let clicks = 0;
  for (;;) {
    if (await page.$('[data-testid="game-over"]')) return clicks;
    const ready = await page.$('[data-testid="handoff-ready"]');
    if (ready) { await ready.click(); continue; }
    const legal = await page.$$('[data-legal]');
    if (legal.length === 0) {
      await page.waitForFunction(() => document.querySelector('[data-legal]') || document.querySelector('[data-testid="game-over"]') || document.querySelector('[data-testid="handoff-ready"]'), null, { timeout: 60000 });
      continue;
    }
    try {
      await pick(legal).click({ timeout: 2000 });
      clicks++;
    } catch (e) {
      // The board re-rendered under the pointer: look again.
    }
    if (clicks > maxClicks) throw new Error('game did not end after ' + maxClicks + ' clicks');
  }
}

module.exports = { startServer, launch, guardedPage, shot, playUntilOver, ROOT, ARTIFACTS };
