// The page in a real browser (Debian's chromium through playwright-core):
// every sample solved byte for byte as the command line solves it, each
// explanation drawn, an input error shown at its line and column, every
// playable game played to its end by following hints, Grundy values with
// their period, and screenshots kept as artifacts.
// Usage: node test_page.js WEB_DIR CGSOLVE ARTIFACT_DIR
'use strict';
const { chromium } = require('playwright-core');
const { execFileSync, spawn } = require('child_process');
const fs = require('fs');
const net = require('net');
const path = require('path');

const [webDir, cgsolve, artifacts] = process.argv.slice(2);
let passed = 0;
let failed = 0;
function check(name, condition, detail = '') {
  if (condition) passed++;
  else {
    failed++;
    console.log(`FAIL ${name} ${detail}`.slice(0, 2000));
  }
}

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function main() {
  fs.mkdirSync(artifacts, { recursive: true });
  const port = await freePort();
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', webDir],
    { stdio: 'ignore' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  const requests = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    page.on('request', (request) => requests.push(request.url()));
    page.on('pageerror', (error) => check('no page error', false, String(error)));
    for (let attempt = 0; ; attempt++) {
      try {
        await page.goto(`http://127.0.0.1:${port}/index.html`);
        break;
      } catch (error) {
        if (attempt > 40) throw error;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });

    // Solve every bundled example: the same bytes as the command line.
    for (const game of ['domino', 'treblecross', 'gamecs', 'path', 'numbergame']) {
      await page.selectOption('#solve-game', game);
      await page.click('#load-example');
      await page.waitForFunction(() => document.getElementById('input').value.length > 0);
      await page.click('#solve-button');
      await page.waitForFunction(() => document.getElementById('busy').hidden);
      const expected = execFileSync(cgsolve, [game, path.join(webDir, 'examples', `${game}.in`)]).toString();
      const got = await page.$eval('#judge-output', (node) => node.textContent);
      check(`solve ${game}: the judge's output byte for byte`, got === expected,
        `\ngot:      ${JSON.stringify(got)}\nexpected: ${JSON.stringify(expected)}`);
      const cases = await page.$$eval('#explanations .case', (nodes) => nodes.length);
      const expectedCases = execFileSync(cgsolve, ['--json', game, path.join(webDir, 'examples', `${game}.in`)])
        .toString().split('\n').filter(Boolean).length;
      check(`solve ${game}: one drawing per case`, cases === expectedCases, `(${cases} of ${expectedCases})`);
      await page.screenshot({ path: path.join(artifacts, `solve-${game}.png`), fullPage: true });
      await page.fill('#input', '');
    }
    const drawn = {
      treblecross: '#explanations .strip .cell.win',
      path: '#explanations table.board td.chain',
      domino: '#explanations .tile',
      gamecs: '#explanations ul.tree li',
      numbergame: '#explanations .chip',
    };
    for (const [game, selector] of Object.entries(drawn)) {
      await page.selectOption('#solve-game', game);
      await page.click('#load-example');
      await page.waitForFunction(() => document.getElementById('input').value.length > 0);
      await page.click('#solve-button');
      await page.waitForFunction(() => document.getElementById('busy').hidden);
      check(`solve ${game}: the explanation is drawn`, (await page.$$(selector)).length > 0);
    }

    // An error in the input shows its place.
    await page.selectOption('#solve-game', 'treblecross');
    await page.fill('#input', '2\n.....\n..Y..\n');
    await page.click('#solve-button');
    await page.waitForSelector('#solve-error:not([hidden])');
    const message = await page.$eval('#solve-error', (node) => node.textContent);
    check('solve: an error names its line and column',
      message === "Line 3, column 3: expected '.' or 'X', found 'Y'", `(${message})`);
    const partial = await page.$eval('#judge-output', (node) => node.textContent);
    check('solve: answers before the error stay', partial === 'WINNING\n3\n', `(${JSON.stringify(partial)})`);
    await page.screenshot({ path: path.join(artifacts, 'solve-error.png'), fullPage: true });

    // Play every playable game to its end, taking a hint's first move.
    await page.click('#tab-play');
    const games = await page.$$eval('#play-game option', (options) => options.map((o) => o.value));
    check('play: every playable game is offered', ['domino', 'treblecross', 'gamecs', 'numbergame', 'grundy']
      .every((g) => games.includes(g)), `(${games})`);
    await page.click('details summary'); // open "Start from a position"
    for (const game of games) {
      await page.selectOption('#play-game', game);
      await page.fill('#position', game === 'domino' ? '2 2 5 5 4 5 5 2 6\n' : '');
      await page.click('#new-game');
      let outcome = '';
      for (let turn = 0; turn < 60 && !outcome; turn++) {
        await page.waitForFunction(() => document.getElementById('busy').hidden);
        outcome = await page.$eval('#outcome', (node) => node.textContent);
        if (outcome) break;
        await page.click('#hint');
        await page.waitForFunction(() => document.getElementById('busy').hidden);
        const winning = await page.$$eval('#moves button.winning', (nodes) => nodes.map((n) => n.dataset.move));
        if (!winning.length) break;
        await page.click(`#moves button[data-move="${winning[0]}"]`);
      }
      check(`play ${game}: won by following hints`, outcome === 'Game over: you win!', `(${JSON.stringify(outcome)})`);
      await page.screenshot({ path: path.join(artifacts, `play-${game}.png`), fullPage: true });
    }
    // Undo takes a move back; keyboard play works.
    await page.selectOption('#play-game', 'treblecross');
    await page.fill('#position', '');
    await page.click('#new-game');
    await page.waitForFunction(() => document.getElementById('busy').hidden);
    const before = await page.$eval('#board', (node) => node.textContent);
    await page.focus('#moves button[data-move="12"]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.getElementById('busy').hidden);
    const after = await page.$eval('#board', (node) => node.textContent);
    check('play: a move made from the keyboard', after !== before);
    await page.click('#undo');
    await page.waitForFunction(() => document.getElementById('busy').hidden);
    check('play: undo restores the position', (await page.$eval('#board', (node) => node.textContent)) === before);

    // Grundy values with their period.
    await page.click('#tab-grundy');
    await page.fill('#grundy-code', '0.77');
    await page.fill('#grundy-upto', '300');
    await page.click('#grundy-button');
    await page.waitForFunction(() => document.getElementById('grundy-summary').textContent.length > 0);
    const summary = await page.$eval('#grundy-summary', (node) => node.textContent);
    check('grundy: the proven period is named', summary.includes('period 12 from heap 71'), `(${summary})`);
    check('grundy: the periodic part is marked', (await page.$$('table.values td.period-start')).length === 1);
    await page.screenshot({ path: path.join(artifacts, 'grundy.png'), fullPage: true });

    // Long work runs in the worker: the page answers, shows progress, and
    // cancels; the next computation works.
    await page.fill('#grundy-code', '0.007'); // the definition, O(n^2): tens of seconds to 400000
    await page.fill('#grundy-upto', '400000');
    await page.click('#grundy-button');
    await page.waitForSelector('#busy:not([hidden])');
    await page.waitForTimeout(1200);
    const progress = await page.$eval('#busy-text', (node) => node.textContent);
    check('grundy: progress shown while working', /Working… [0-9]+ s/.test(progress), `(${progress})`);
    const responsive = await page.evaluate(() => 1 + 1);
    check('grundy: the page answers while the worker computes', responsive === 2);
    await page.click('#cancel');
    await page.waitForSelector('#busy', { state: 'hidden' });
    check('grundy: cancelled', (await page.$eval('#grundy-error', (node) => node.textContent)) === 'Cancelled.');
    await page.fill('#grundy-upto', '20');
    await page.click('#grundy-button');
    await page.waitForFunction(() => document.getElementById('grundy-summary').textContent.includes('G(0..20)'));
    check('grundy: works again after a cancel', true);

    const foreign = requests.filter((url) => !url.startsWith(`http://127.0.0.1:${port}/`) && !url.startsWith('data:'));
    check('no network request besides the page\'s own files', foreign.length === 0, `(${foreign})`);
  } finally {
    await browser.close();
    server.kill();
  }
  console.log(`web: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.log(`FAIL ${error.stack}`);
  console.log(`web: ${passed} passed, ${failed + 1} failed`);
  process.exit(1);
});
