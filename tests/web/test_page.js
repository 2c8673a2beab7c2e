// The page in a real browser (Debian's chromium through playwright-core):
// every sample solved byte for byte as the command line solves it, each
// explanation drawn, an input error shown at its line and column, big
// inputs solved and timed (printed, not asserted), every playable game
// played to its end on its drawn board, Grundy values plotted and listed,
// the tabs' keyboard pattern, a phone's width, and screenshots kept as
// artifacts.
// Usage: node test_page.js WEB_DIR CGSOLVE ARTIFACT_DIR
'use strict';
const { chromium } = require('playwright-core');
const { execFileSync, spawn } = require('child_process');
const fs = require('fs');
const net = require('net');
const path = require('path');
const { testPlay } = require('./play_checks.js');

const [webDir, cgsolve, artifacts] = process.argv.slice(2);
const results = { passed: 0, failed: 0 };
function check(name, condition, detail = '') {
  if (condition) results.passed++;
  else {
    results.failed++;
    console.log(`FAIL ${name} ${detail}`.slice(0, 2000));
  }
}
const run = (args, input) => execFileSync(cgsolve, args, { input, maxBuffer: 1 << 28 }).toString();

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const seconds = (x) => (typeof x === 'number' ? x.toFixed(3) : '?');
const idle = (page) => page.waitForFunction(() => document.getElementById('busy').hidden);
const text = (page, selector) => page.$eval(selector, (node) => node.textContent);

// Solve TEXT as GAME in the page; resolves with the page's timings.
async function solveInPage(page, game, input) {
  await page.selectOption('#solve-game', game);
  await page.evaluate(() => {
    document.body.dataset.inputLength = '';
    document.body.dataset.solved = 'false';
  });
  // as a person opens a file (a big one is kept aside, its beginning shown)
  await page.setInputFiles('#upload', { name: `${game}.in`, mimeType: 'text/plain', buffer: Buffer.from(input) });
  await page.waitForFunction((length) => document.body.dataset.inputLength === String(length), input.length);
  await page.click('#solve-button');
  await page.waitForFunction(() => document.body.dataset.solved === 'true', null, { timeout: 120000 });
  return page.evaluate(() => window.cgTimings);
}

async function testSolve(page) {
  for (const game of ['domino', 'treblecross', 'gamecs', 'path', 'numbergame']) {
    const file = path.join(webDir, 'examples', `${game}.in`);
    await solveInPage(page, game, fs.readFileSync(file, 'utf8'));
    const expected = run([game, file]);
    const got = await text(page, '#judge-output');
    check(
      `solve ${game}: the judge's output byte for byte`,
      got === expected,
      `\ngot:      ${JSON.stringify(got)}\nexpected: ${JSON.stringify(expected)}`,
    );
    const json = run(['--json', game, file])
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    const headings = await page.$$eval('#explanations .case h4', (nodes) => nodes.map((n) => n.textContent));
    check(
      `solve ${game}: one drawing per case`,
      headings.length === json.length,
      `(${headings.length} of ${json.length})`,
    );
    check(
      `solve ${game}: headings name each case once`,
      headings.every((h, k) => h.startsWith(`Case ${k + 1}: `) && !/^Case \d+: Case/.test(h)),
      `(${headings.slice(0, 3)})`,
    );
    await page.screenshot({ path: path.join(artifacts, `solve-${game}.png`), fullPage: true });
  }
  const drawn = {
    treblecross: '#explanations .strip .cell.win',
    path: '#explanations table.board td.chain',
    domino: '#explanations .tile',
    gamecs: '#explanations ul.tree li',
    numbergame: '#explanations .chip',
  };
  for (const [game, selector] of Object.entries(drawn)) {
    await solveInPage(page, game, fs.readFileSync(path.join(webDir, 'examples', `${game}.in`), 'utf8'));
    check(`solve ${game}: the explanation is drawn`, (await page.$$(selector)).length > 0);
  }

  // An error in the input shows its place.
  await solveInPage(page, 'treblecross', '2\n.....\n..Y..\n');
  const message = await text(page, '#solve-error');
  check(
    'solve: an error names its line and column',
    message === "Line 3, column 3: expected '.' or 'X', found 'Y'",
    `(${message})`,
  );
  const partial = await text(page, '#judge-output');
  await checkContrast(page, 'the Solve tab');
  check('solve: answers before the error stay', partial === 'WINNING\n3\n', `(${JSON.stringify(partial)})`);
  await page.screenshot({ path: path.join(artifacts, 'solve-error.png'), fullPage: true });
}

// Big inputs: the 1.5 MB tree (past the old 1.25 MB stack limit; beyond
// UVa 12033's n <= 1000, so asked for with --beyond-limits), the
// 10,005-case number game and 20 PATH boards of 80×80. Times printed.
async function testBigInputs(page) {
  const inputs = [
    [
      'gamecs',
      run([
        'gen',
        'gamecs',
        '--beyond-limits',
        '--cases',
        '1',
        '--nodes',
        '100000',
        '--max-weight',
        '100',
        '--seed',
        '1',
      ]),
    ],
    [
      'gamecs',
      run([
        'gen',
        'gamecs',
        '--beyond-limits',
        '--cases',
        '1',
        '--nodes',
        '100000',
        '--max-weight',
        '100',
        '--shape',
        'chain',
        '--seed',
        '1',
      ]),
    ],
    ['numbergame', run(['gen', 'numbergame', '--cases', '10005', '--seed', '1'])],
    ['path', run(['gen', 'path', '--cases', '20', '--size', '80', '--seed', '1'])],
  ];
  for (const [game, input] of inputs) {
    const timings = await solveInPage(page, game, input);
    const expected = run([game], input);
    if (await page.isVisible('#judge-all')) await page.click('#judge-all');
    const got = await text(page, '#judge-output');
    const name = `big ${game} (${(input.length / 1e6).toFixed(2)} MB)`;
    check(
      `${name}: the judge's output byte for byte`,
      got === expected,
      `(${got.length} of ${expected.length} bytes; ${await text(page, '#solve-error')})`,
    );
    if (input.length > 256 * 1024) {
      const shown = await page.$eval('#input', (box) => box.value.length);
      check(`${name}: only the input's beginning is in the textarea`, shown > 0 && shown <= 16 * 1024, `(${shown})`);
    }
    const cases = await page.$$eval('#explanations .case', (nodes) => nodes.length);
    check(`${name}: explanations listed lazily`, cases > 0 && cases <= 200, `(${cases} sections)`);
    const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    console.log(
      `web timing: ${name}, ${timings.cases} cases: solve in wasm ${seconds(timings.solveWasm)} s, ` +
        `judge's output shown ${seconds(timings.judgeShown)} s after; explain in wasm ${seconds(timings.explainWasm)} s, ` +
        `explanations shown ${seconds(timings.explanationsShown)} s after; ${nodes} DOM nodes`,
    );
  }
  // the page still works after a trap: an input too big for the budget is
  // refused with a message, and the next solve works
  await solveInPage(page, 'treblecross', '1\n...\n');
  check(
    'big: a small input solves after the big ones',
    (await text(page, '#judge-output')) === run(['treblecross'], '1\n...\n'),
  );
}

async function testGrundy(page) {
  await page.click('#tab-grundy');
  await page.fill('#grundy-code', '0.77');
  await page.fill('#grundy-upto', '300');
  await page.click('#grundy-button');
  await page.waitForFunction(() => document.getElementById('grundy-summary').textContent.length > 0);
  const summary = await text(page, '#grundy-summary');
  check('grundy: the proven period is named', summary.includes('period 12 from heap 71'), `(${summary})`);
  check('grundy: the value cap is stated', /up to heap [0-9,]+/.test(await text(page, '#grundy-cap')));
  const expected = run(['grundy', '0.77', '--upto', '300']).split('\n').filter(Boolean).map(Number);
  const plotted = await page.$$eval('#grundy-plot [data-n]', (nodes) =>
    nodes.map((n) => [Number(n.dataset.n), Number(n.dataset.g)]),
  );
  check('grundy: one plotted point per heap', plotted.length === expected.length, `(${plotted.length})`);
  check(
    'grundy: every plotted point is G(n)',
    plotted.every(([n, g]) => expected[n] === g),
  );
  const heights = await page.$$eval('#grundy-plot circle', (nodes) =>
    nodes.map((n) => [Number(n.dataset.g), Number(n.getAttribute('cy'))]),
  );
  check(
    'grundy: a larger value is drawn higher',
    heights.every(([g, y]) => heights.every(([h, z]) => g <= h || y < z)),
  );
  check(
    'grundy: the period start is marked',
    (await page.$$('#grundy-plot .period-start')).length === 1 &&
      (await page.$$('table.values td.period-start')).length === 1,
  );
  check('grundy: no rare values without a mask', (await page.$$('#grundy-plot .rare [data-n]')).length === 0);
  const histogram = await page.$$eval('#grundy-histogram .bar', (bars) => bars.map((b) => Number(b.dataset.count)));
  const counts = [];
  for (const v of expected) counts[v] = (counts[v] || 0) + 1;
  check(
    'grundy: the histogram counts each value',
    histogram.length === counts.length && histogram.every((c, v) => c === (counts[v] || 0)),
    `(${histogram} vs ${counts})`,
  );
  // zoom to a range: only those heaps are plotted
  await page.fill('#grundy-from', '100');
  await page.fill('#grundy-to', '150');
  await page.click('#grundy-range button[type="submit"]');
  const zoomed = await page.$$eval('#grundy-plot [data-n]', (nodes) => nodes.map((n) => Number(n.dataset.n)));
  check('grundy: zoomed to heaps 100..150', zoomed.length === 51 && Math.min(...zoomed) === 100);
  await page.screenshot({ path: path.join(artifacts, 'grundy.png'), fullPage: true });
  await checkContrast(page, 'the Grundy tab');
  // CSV download: every value
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#grundy-csv')]);
  const csv = fs
    .readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\n');
  check(
    'grundy: the CSV holds every value',
    csv.length === expected.length + 1 && csv.slice(1).every((line, n) => line === `${n},${expected[n]}`),
  );

  // a million values: past the JSON's listed 100,000, never an empty table;
  // the table keeps only the rows in view
  await page.fill('#grundy-upto', '1000000');
  const asked = Date.now();
  await page.click('#grundy-button');
  await page.waitForFunction(
    () => document.getElementById('grundy-summary').textContent.includes('1,000,001 values'),
    null,
    { timeout: 60000 },
  );
  const took = (Date.now() - asked) / 1000;
  const rows = await page.$$eval('#grundy-table-rows tr', (nodes) => nodes.length);
  check('grundy: 10^6 values, only the rows in view exist', rows > 0 && rows < 100, `(${rows})`);
  await page.$eval('#grundy-table', (box) => {
    box.scrollTop = box.scrollHeight;
  });
  await page.waitForTimeout(100);
  const lastRow = await page.$$eval('#grundy-table-rows tr', (nodes) => nodes[nodes.length - 1].textContent);
  check('grundy: the table scrolls to the last value', lastRow.startsWith('1000000'), `(${lastRow})`);
  // the page stops computing at a proven period, as --until-period does
  const big = JSON.parse(run(['grundy', '--json', '--until-period', '0.77', '--upto', '1000000'])).analysis;
  check(
    "grundy: the checksum of the 10^6 values is the CLI's",
    (await text(page, '#grundy-summary')).includes(big.checksum),
  );
  const columns = await page.$$eval('#grundy-plot .columns', (nodes) => nodes.length);
  check('grundy: a million values plotted by columns', columns === 1);
  await page.check('#grundy-log');
  check('grundy: the log heap axis', (await text(page, '#grundy-plot')).includes('log scale'));
  const t = await page.evaluate(() => window.cgGrundyTimings);
  console.log(
    `web timing: grundy 0.77 to 10^6 in the page: ${took.toFixed(2)} s from the click to the plot ` +
      `(wasm ${t.wasm.toFixed(2)} s, the call ${t.call.toFixed(2)} s, parsed and drawn in ${t.drawn.toFixed(2)} s)`,
  );

  // Rare values: 0.16 to 20,000 uses the rare/common split with mask 30.
  await page.uncheck('#grundy-log');
  await page.fill('#grundy-code', '0.16');
  await page.fill('#grundy-upto', '20000');
  await page.click('#grundy-button');
  await page.waitForFunction(() =>
    document.getElementById('grundy-summary').textContent.startsWith('0.16: G(0..20000)'),
  );
  const sparse = JSON.parse(run(['grundy', '--json', '--until-period', '0.16', '--upto', '20000'])).analysis;
  const rare = await page.$$eval('#grundy-plot .rare [data-n]', (nodes) => nodes.map((n) => Number(n.dataset.n)));
  // rare: an even number of bits in G(n) AND the mask (heap 0 too, which the engine does not count)
  const bits = (x) => (x ? (x & 1) + bits(x >> 1) : 0);
  const values = run(['grundy', '0.16', '--upto', '20000']).split('\n').filter(Boolean).map(Number);
  const expectedRare = values.map((g, n) => (bits(g & sparse.mask) % 2 === 0 ? n : -1)).filter((n) => n >= 0);
  check(
    `grundy: the rare positions are drawn (mask ${sparse.mask})`,
    sparse.mask !== 0 &&
      rare.join() === expectedRare.join() &&
      rare.filter((n) => n > 0).length === sparse.rare_positions &&
      (await text(page, '#grundy-summary')).includes(`mask ${sparse.mask}`),
    `(${rare.slice(0, 20)} vs ${expectedRare.slice(0, 20)}, ${sparse.rare_positions})`,
  );
  await page.screenshot({ path: path.join(artifacts, 'grundy-rare.png'), fullPage: true });

  // Long work runs in the worker: the page answers, shows progress, and
  // cancels; the next computation works.
  await page.fill('#grundy-code', '0.007');
  await page.fill('#grundy-upto', '2000000');
  await page.click('#grundy-button');
  await page.waitForSelector('#busy:not([hidden])');
  await page.waitForTimeout(1200);
  const progress = await text(page, '#busy-text');
  check('grundy: progress shown while working', /Working… [0-9]+ s/.test(progress), `(${progress})`);
  check('grundy: the page answers while the worker computes', (await page.evaluate(() => 1 + 1)) === 2);
  await page.click('#cancel');
  await page.waitForSelector('#busy', { state: 'hidden' });
  check('grundy: cancelled', (await text(page, '#grundy-error')) === 'Cancelled.');
  await page.fill('#grundy-upto', '20');
  await page.click('#grundy-button');
  await page.waitForFunction(() => document.getElementById('grundy-summary').textContent.includes('G(0..20)'));
  check('grundy: works again after a cancel', true);
}

// Misère play as a person uses it: the Grundy tab's misère box gives each
// heap's misère value, genus and tameness as `grundy --misere` does; the
// Play tab plays misère Nim (0.33333: heaps up to 5) from 1 1 5, where the
// computer leaves one 1-heap and wins when the human takes the last token.
async function testMisere(page) {
  await page.click('#tab-grundy');
  await page.fill('#grundy-code', '0.77');
  await page.fill('#grundy-upto', '12');
  await page.check('#grundy-misere');
  await page.click('#grundy-button');
  await page.waitForFunction(() => document.getElementById('grundy-summary').textContent.includes('misère play'));
  await idle(page);
  const cli = JSON.parse(run(['grundy', '0.77', '--misere', '--upto', '12', '--json'])).analysis;
  const rows = await page.$$eval('#grundy-misere-rows tr', (trs) =>
    trs.map((tr) => [...tr.children].map((cell) => cell.textContent)),
  );
  check(
    "misère: the Grundy tab's values, genus and tameness are grundy --misere's",
    rows.length === 13 &&
      rows.every(
        (r, n) =>
          r[0] === String(n) &&
          r[1] === String(cli.heaps[n].misere) &&
          r[2] === String(cli.heaps[n].normal) &&
          r[3] === cli.heaps[n].genus &&
          r[4] === (cli.heaps[n].tame ? 'tame' : 'wild'),
      ),
    `(${JSON.stringify(rows.slice(0, 6))})`,
  );
  const summary = await text(page, '#grundy-summary');
  check(
    'misère: the summary names the first wild heap and the checksum',
    summary.includes(`first wild heap is ${cli.first_wild}`) && summary.includes(cli.checksum),
    `(${summary})`,
  );
  check('misère: the normal-play plot is hidden', await page.$eval('#grundy-results', (n) => n.hidden));
  await page.screenshot({ path: path.join(artifacts, 'grundy-misere.png'), fullPage: true });
  await page.uncheck('#grundy-misere');

  await page.click('#tab-play');
  await page.selectOption('#play-game', 'grundy');
  await page.fill('#code', '0.33333');
  await page.fill('#heaps', '1 1 5');
  await page.selectOption('#first', 'you');
  await page.selectOption('#level', 'perfect');
  await page.check('#play-misere');
  await page.click('#new-game');
  await idle(page);
  const rules = await text(page, '#rules');
  check(
    'misère: the Play tab shows the rule',
    rules.startsWith('Misère play: whoever cannot move WINS.'),
    `(${rules})`,
  );
  const move = async (heap, chosen) => {
    await page.click(`#drawn-board .heap[data-heap="${heap}"]`);
    await page.click(`#drawn-board [data-move="${chosen}"]`);
    await idle(page);
  };
  await move('1', '1:1');
  const log = await page.$$eval('#log li', (items) => items.map((li) => li.textContent));
  check(
    'misère: the computer leaves an odd number of 1-heaps',
    log.length === 2 && log[1].startsWith('The computer: 2:5'),
    `(${log})`,
  );
  const heaps = await page.$$eval('#drawn-board .heap', (nodes) => nodes.length);
  check('misère: one heap is left', heaps === 1, `(${heaps})`);
  await move('1', '1:1');
  const outcome = await text(page, '#outcome');
  check(
    'misère: taking the last token loses: the computer wins',
    outcome === 'Game over (misère: whoever cannot move wins): the computer wins.',
    `(${outcome})`,
  );
  await page.screenshot({ path: path.join(artifacts, 'play-misere.png'), fullPage: true });
  await page.uncheck('#play-misere');
}

// Tabs: arrows, Home and End move the selection; one tab in the Tab order.
async function testTabs(page) {
  await page.focus('#tab-solve');
  await page.click('#tab-solve');
  const selected = () => page.$eval('[role="tab"][aria-selected="true"]', (n) => n.id);
  await page.keyboard.press('ArrowRight');
  check('tabs: ArrowRight selects the next', (await selected()) === 'tab-play');
  await page.keyboard.press('End');
  check('tabs: End selects the last', (await selected()) === 'tab-grundy');
  await page.keyboard.press('ArrowRight');
  check('tabs: ArrowRight wraps', (await selected()) === 'tab-solve');
  await page.keyboard.press('ArrowLeft');
  check('tabs: ArrowLeft wraps', (await selected()) === 'tab-grundy');
  await page.keyboard.press('Home');
  check('tabs: Home selects the first', (await selected()) === 'tab-solve');
  check('tabs: focus follows', (await page.evaluate(() => document.activeElement.id)) === 'tab-solve');
  check(
    'tabs: only the selected tab is in the Tab order',
    (await page.$$eval('[role="tab"]', (tabs) => tabs.map((t) => t.tabIndex).join())) === '0,-1,-1',
  );
  check(
    'tabs: only its panel shows',
    (await page.$$eval('[role="tabpanel"]', (panels) =>
      panels
        .filter((p) => !p.hidden)
        .map((p) => p.id)
        .join(),
    )) === 'solve',
  );
}

// Every control has a name a screen reader reads.
async function testLabels(page) {
  const unnamed = await page.$$eval('input, select, textarea, button', (controls) =>
    controls
      .filter((c) => {
        if (c.type === 'hidden') return false;
        const name =
          c.getAttribute('aria-label') ||
          c.getAttribute('aria-labelledby') ||
          (c.labels && c.labels.length) ||
          (c.tagName === 'BUTTON' && c.textContent.trim());
        return !name;
      })
      .map((c) => c.id || c.outerHTML.slice(0, 80)),
  );
  check('every control is labelled', unnamed.length === 0, `(${unnamed})`);
}

// WCAG AA: every visible text's colour against the background behind it
// (the first opaque one up the tree) has a contrast of 4.5:1 (3:1 when large).
async function checkContrast(page, where) {
  const low = await page.evaluate(() => {
    const parse = (c) => (c.match(/[\d.]+/g) || []).map(Number);
    const luminance = ([r, g, b]) => {
      const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = (node) => {
      for (; node && node.nodeType === 1; node = node.parentElement) {
        const c = parse(getComputedStyle(node).backgroundColor);
        if (c.length === 3 || c[3] > 0.9) return c.slice(0, 3);
      }
      return [253, 253, 252];
    };
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const node = text.parentElement;
      if (!text.textContent.trim() || !node.getClientRects().length || node.closest('[hidden], .visually-hidden'))
        continue;
      const style = getComputedStyle(node);
      if (node instanceof SVGElement && node.tagName !== 'text') continue;
      const colour = parse(node instanceof SVGElement ? style.fill : style.color).slice(0, 3);
      const [a, b] = [luminance(colour), luminance(background(node))].sort((x, y) => y - x);
      const ratio = (a + 0.05) / (b + 0.05);
      const large =
        parseFloat(style.fontSize) >= 24 || (parseFloat(style.fontSize) >= 18.6 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) found.push(`${text.textContent.trim().slice(0, 20)}: ${ratio.toFixed(2)}`);
    }
    return found;
  });
  check(`contrast: WCAG AA in ${where}`, low.length === 0, `(${low.slice(0, 8)})`);
}

// At 390 px nothing scrolls sideways, in every tab.
async function testPhone(browser, url) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
  await solveInPage(page, 'domino', fs.readFileSync(path.join(webDir, 'examples', 'domino.in'), 'utf8'));
  check('390 px: solve fits', (await wide()) <= 390, `(${await wide()} px)`);
  await page.screenshot({ path: path.join(artifacts, 'phone-solve.png'), fullPage: true });
  await page.click('#tab-play');
  for (const game of ['domino', 'gamecs', 'treblecross']) {
    await page.selectOption('#play-game', game);
    await page.click('#new-game');
    await idle(page);
    await page.check('#show-values');
    await idle(page);
    check(`390 px: play ${game} fits`, (await wide()) <= 390, `(${await wide()} px)`);
    await page.screenshot({ path: path.join(artifacts, `phone-play-${game}.png`), fullPage: true });
  }
  await page.click('#tab-grundy');
  await page.click('#grundy-button');
  await page.waitForFunction(() => document.getElementById('grundy-summary').textContent.length > 0);
  check('390 px: grundy fits', (await wide()) <= 390, `(${await wide()} px)`);
  await page.screenshot({ path: path.join(artifacts, 'phone-grundy.png'), fullPage: true });
  await page.close();
}

async function main() {
  fs.mkdirSync(artifacts, { recursive: true });
  const started = Date.now();
  const port = await freePort();
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', webDir], {
    stdio: 'ignore',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  const url = `http://127.0.0.1:${port}/index.html`;
  const requests = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page.on('request', (request) => requests.push(request.url()));
    page.on('pageerror', (error) => check('no page error', false, String(error)));
    for (let attempt = 0; ; attempt++) {
      try {
        await page.goto(url);
        break;
      } catch (error) {
        if (attempt > 40) throw error;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
    // WEB_PARTS=grundy,phone runs only those parts (while working on them)
    const parts = (process.env.WEB_PARTS || 'labels,tabs,solve,big,play,grundy,misere,phone').split(',');
    const PARTS = {
      labels: () => testLabels(page),
      tabs: () => testTabs(page),
      solve: () => testSolve(page),
      big: () => testBigInputs(page),
      play: async () => {
        await page.click('#tab-play');
        await testPlay(page, { check, run, artifacts, idle, text, checkContrast });
      },
      grundy: () => testGrundy(page),
      misere: () => testMisere(page),
      phone: () => testPhone(browser, url),
    };
    for (const part of parts) {
      const begun = Date.now();
      await PARTS[part]();
      console.log(`web part ${part}: ${((Date.now() - begun) / 1000).toFixed(1)} s`);
    }
    const foreign = requests.filter(
      (u) => !u.startsWith(`http://127.0.0.1:${port}/`) && !u.startsWith('data:') && !u.startsWith('blob:'),
    );
    check("no network request besides the page's own files", foreign.length === 0, `(${foreign})`);
  } finally {
    await browser.close();
    server.kill();
  }
  console.log(
    `web: ${results.passed} passed, ${results.failed} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  process.exit(results.failed ? 1 : 0);
}

main().catch((error) => {
  console.log(`FAIL ${error.stack}`);
  console.log(`web: ${results.passed} passed, ${results.failed + 1} failed`);
  process.exit(1);
});
