// The Play tab's checks: every playable game played to its end by clicking
// its drawn board (never the move buttons), following the moves coloured as
// winning with "show values" on; at every turn each move's colour is the
// outcome `cgsolve play --json` reports for the same position; the value
// history drawn; undo and redo; a bad position clears the last game; the
// computer's moves announced; one game played by keyboard alone; with
// values off none is told; every piece at 3:1 against its cell; PATH's
// board labelled as the terminal's.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');

const DOMINO = '2 2 5 5 4 5 5 2 6\n';
const GAMES = {
  domino: { position: DOMINO },
  treblecross: { position: '' },
  gamecs: { position: '' },
  numbergame: { position: '' },
  grundy: { code: '0.77', heaps: '3 4 5' },
  path: { position: '3\nUWU\nUUU\nBUU\n' }, // White wins with b2
};

// The CLI's view of the position after MOVES: the last position event.
function cliPosition(h, game, moves) {
  const args = ['play', '--json', '--seed', String(h.seed)];
  if (game === 'grundy') args.push('grundy', GAMES.grundy.code, ...GAMES.grundy.heaps.split(' '));
  else {
    args.push(game);
    if (GAMES[game].position) {
      const file = path.join(os.tmpdir(), `cgsolve-web-${process.pid}-${game}.txt`);
      fs.writeFileSync(file, GAMES[game].position);
      args.push(file);
    }
  }
  const events = h
    .run(args, moves.map((m) => `${m}\n`).join(''))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  return events.filter((e) => e.event === 'position').pop();
}

async function startGame(page, h, game) {
  await page.selectOption('#play-game', game);
  if (game === 'grundy') {
    await page.fill('#code', GAMES.grundy.code);
    await page.fill('#heaps', GAMES.grundy.heaps);
  } else {
    await page.fill('#position', GAMES[game].position);
  }
  await page.click('#new-game');
  await h.idle(page);
}

// Click the drawn board's element for MOVE (a hand tile then an end, a heap
// then its move).
async function clickMove(page, game, move) {
  if (game === 'grundy') {
    const heap = move.split(':')[0];
    if (!(await page.$(`#drawn-board .heap-move[data-move="${move}"]`)))
      await page.click(`#drawn-board .heap[data-heap="${heap}"]`);
  }
  if (game === 'domino') {
    const tile = await page.$(
      `#drawn-board .hand-tile[data-moves*="${move}|"], #drawn-board .hand-tile[data-moves$="|${move}"]`,
    );
    if (tile) {
      await tile.click();
      await page.click(`#drawn-board .line-end[data-move="${move}"]`);
      return;
    }
  }
  await page.click(`#drawn-board [data-move="${move}"]`);
}

// WCAG AA for graphics: every piece drawn (class `piece`) stands out from
// its cell at 3:1, from the computed styles. A piece's colour is its rim
// (a border or stroke 2 px or wider), else its fill, else its text; its
// cell is an SVG's `ground` or the first opaque background up the tree.
async function lowContrastPieces(page) {
  return page.$$eval('#drawn-board .piece', (pieces) => {
    const parse = (c) => (c.match(/[\d.]+/g) || []).map(Number);
    const opaque = (c) => c.length === 3 || (c.length === 4 && c[3] > 0.9);
    const luminance = ([r, g, b]) => {
      const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (x, y) => {
      const [a, b] = [luminance(x), luminance(y)].sort((p, q) => q - p);
      return (a + 0.05) / (b + 0.05);
    };
    const background = (node) => {
      for (; node && node.nodeType === 1; node = node.parentElement) {
        const c = parse(getComputedStyle(node).backgroundColor);
        if (opaque(c)) return c.slice(0, 3);
      }
      return [253, 253, 252];
    };
    const colour = (node) => {
      const style = getComputedStyle(node);
      if (node instanceof SVGElement) {
        const stroke = parse(style.stroke);
        if (style.stroke !== 'none' && opaque(stroke) && parseFloat(style.strokeWidth) >= 2) return stroke.slice(0, 3);
        return parse(style.fill).slice(0, 3);
      }
      const border = parse(style.borderTopColor);
      if (style.borderTopStyle !== 'none' && parseFloat(style.borderTopWidth) >= 2 && opaque(border))
        return border.slice(0, 3);
      const fill = parse(style.backgroundColor);
      return opaque(fill) ? fill.slice(0, 3) : parse(style.color).slice(0, 3);
    };
    const found = [];
    for (const piece of pieces) {
      const ground = piece instanceof SVGElement && piece.closest('svg').querySelector('.ground');
      const cell = ground ? parse(getComputedStyle(ground).fill).slice(0, 3) : background(piece.parentElement);
      const r = ratio(colour(piece), cell);
      if (!(r >= 3)) found.push(`${piece.getAttribute('class')}: ${r.toFixed(2)}:1`);
    }
    return { count: pieces.length, found };
  });
}

async function checkPieces(page, h, where, { drawn = true } = {}) {
  const { count, found } = await lowContrastPieces(page);
  h.check(
    `pieces: each at 3:1 against its cell in ${where}`,
    (count > 0 || !drawn) && found.length === 0,
    `(${count} pieces; ${found.slice(0, 6)})`,
  );
}

// What the Play tab tells of values: each title, aria-label, SVG title and
// text of the board, the move buttons, the move's detail, the hint line
// and the value history that names an outcome or a measure.
const VALUE_WORDS =
  /\ba (win|loss|draw)\b|Grundy value|misère value|, (win|loss|draw)\b|best move \w+|[▲▼●]|in \d+ moves?\b|, the game ends/;
async function valuesTold(page) {
  return page.evaluate((source) => {
    const words = new RegExp(source);
    const told = [];
    const places = ['#drawn-board', '#moves', '#move-detail', '#hint-text', '#history'];
    for (const place of places) {
      const root = document.querySelector(place);
      for (const node of [root, ...root.querySelectorAll('*')]) {
        const own = [...node.childNodes]
          .filter((c) => c.nodeType === 3)
          .map((c) => c.textContent)
          .join('');
        for (const said of [node.getAttribute('title'), node.getAttribute('aria-label'), own]) {
          if (said && words.test(said)) told.push(`${place} ${node.tagName}: ${said.slice(0, 60)}`);
        }
      }
    }
    return told;
  }, VALUE_WORDS.source);
}

// With "show values" off nothing tells a move's value, on hover or focus
// either, in any game; switched on, the values are told again.
async function testValuesHidden(page, h) {
  for (const game of Object.keys(GAMES)) {
    await page.uncheck('#show-values');
    await startGame(page, h, game);
    const first = async () => {
      if (game === 'grundy') await page.click('#drawn-board .heap[data-heap="1"]');
      const move = await page.$('#drawn-board [data-move], #drawn-board [data-moves]');
      await move.hover();
      await move.focus();
    };
    await first();
    const off = await valuesTold(page);
    await checkPieces(page, h, `play ${game}, values off`, { drawn: !['numbergame', 'treblecross'].includes(game) });
    await page.check('#show-values');
    await h.idle(page);
    await first();
    const on = await valuesTold(page);
    h.check(`play ${game}: with values off no value is told`, off.length === 0, `(${off.slice(0, 4)})`);
    h.check(`play ${game}: with values on they are told again`, on.length > 0);
  }
}

// PATH's board labelled as the terminal labels it: the column letters over
// it, each row's number before it, and each cell's move its letter and row.
async function checkPathCoordinates(page, h, board) {
  const grid = await page.$eval('#drawn-board .path-grid', (node) =>
    [...node.children].map((c) => [
      c.classList.contains('path-label') ? 'label' : 'cell',
      c.textContent,
      c.dataset.move,
    ]),
  );
  const lines = board.split('\n').filter((l) => /^\s+([a-z]|\d)/.test(l));
  const columns = (lines[0] || '').trim().split(/\s+/);
  const size = columns.length;
  const rows = grid.length / (size + 1);
  let right = rows === size + 1 && lines.length === size + 1 && grid[0][0] === 'label' && grid[0][1] === '';
  for (let c = 0; right && c < size; c++) right = grid[1 + c][0] === 'label' && grid[1 + c][1] === columns[c];
  for (let r = 1; right && r <= size; r++) {
    const number = lines[r].trim().split(/\s+/)[0];
    const at = r * (size + 1);
    right = right && grid[at][0] === 'label' && grid[at][1] === number;
    for (let c = 0; c < size; c++) {
      const [kind, , move] = grid[at + 1 + c];
      right = right && kind === 'cell' && (move === undefined || move === `${columns[c]}${number}`);
    }
  }
  h.check("play path: the board's rows and columns labelled as the CLI's", right, `(${JSON.stringify(grid)})`);
}

async function testPlay(page, h) {
  const { check } = h;
  const games = await page.$$eval('#play-game option', (options) => options.map((o) => o.value));
  check(
    'play: every playable game is offered',
    Object.keys(GAMES).every((g) => games.includes(g)),
    `(${games})`,
  );
  await page.click('details summary'); // open "Start from a position"
  await page.check('#show-values');
  // the same seed for the CLI's computer as for the page's
  h.seed = 4242;
  await page.fill('#seed', String(h.seed));
  for (const game of Object.keys(GAMES)) {
    await startGame(page, h, game);
    const moves = [];
    let outcome = '';
    let coloured = 0;
    const mismatches = [];
    let drawn = true;
    for (let turn = 0; turn < 80; turn++) {
      outcome = await h.text(page, '#outcome');
      if (outcome) break;
      // octal heaps: each heap's moves are drawn once it is clicked
      const onHeaps = [];
      for (const heap of await page.$$eval('#drawn-board button.heap', (nodes) => nodes.map((n) => n.dataset.heap))) {
        await page.click(`#drawn-board .heap[data-heap="${heap}"]`);
        onHeaps.push(
          ...(await page.$$eval('#drawn-board .heap-move', (nodes) =>
            nodes.map((n) => [n.dataset.move, n.dataset.outcome || '']),
          )),
        );
      }
      const onBoard = onHeaps.length
        ? onHeaps
        : await page.$$eval('#drawn-board [data-move], #drawn-board [data-moves]', (nodes) =>
            nodes.flatMap((n) => {
              if (!n.dataset.moves) return [[n.dataset.move, n.dataset.outcome || '']];
              // a domino that fits both ends: its two moves and their outcomes
              const outcomes = n.dataset.outcomes.split('|');
              return n.dataset.moves.split('|').map((m, k) => [m, outcomes[k]]);
            }),
          );
      if (!onBoard.length) {
        drawn = false;
        break;
      }
      // the page's colour of every legal move against the CLI's outcome
      const cli = cliPosition(h, game, moves);
      // a piece on every board but the numbers' (and an empty strip's)
      const pieces = game !== 'numbergame' && (game !== 'treblecross' || moves.length > 0);
      await checkPieces(page, h, `play ${game} after ${moves.length} moves`, { drawn: pieces });
      if (game === 'path') await checkPathCoordinates(page, h, cli.board);
      const expected = new Map((cli.move_values || []).map((v) => [v.move, v.outcome]));
      const seen = new Map(onBoard.filter(([, o]) => o));
      for (const move of cli.legal_moves) {
        coloured++;
        if (seen.get(move) !== expected.get(move))
          mismatches.push(`${move}: page ${seen.get(move)}, cli ${expected.get(move)}`);
      }
      const winning = [...seen].filter(([, o]) => o === 'win').map(([m]) => m);
      if (!winning.length) break;
      if (turn === 0)
        await page.screenshot({ path: path.join(h.artifacts, `play-${game}-values.png`), fullPage: true });
      await clickMove(page, game, winning[0]);
      moves.push(winning[0]);
      await h.idle(page);
    }
    check(`play ${game}: drawn from the state`, drawn);
    check(
      `play ${game}: won by clicking the drawn board's winning moves`,
      outcome === 'Game over: you win!',
      `(${JSON.stringify(outcome)} after ${moves})`,
    );
    check(
      `play ${game}: each move's colour is the CLI's value (${coloured} moves)`,
      coloured > 0 && mismatches.length === 0,
      `(${mismatches.slice(0, 5)})`,
    );
    const history = await page.$$eval('#history [data-outcome]', (nodes) =>
      nodes.map((n) => [n.dataset.by, n.dataset.outcome]),
    );
    const mine = history.filter(([by]) => by === 'you');
    check(
      `play ${game}: the value history: each of your positions a win, each of the computer's a loss`,
      mine.length === moves.length && history.every(([by, o]) => o === (by === 'you' ? 'win' : 'loss')),
      `(${history.join(' ')})`,
    );
    if (game === 'numbergame') {
      // the struck numbers tell why on focus
      const struck = await page.$$eval('#drawn-board .number.removed', (nodes) => nodes.length);
      await page.focus('#drawn-board .number.removed');
      const why = await h.text(page, '#move-detail');
      check(
        'play numbergame: a struck number tells why on focus',
        struck > 0 && /^\d+ is gone: (chosen|a sum: \d+ = \d+ \+ \d+)$/.test(why),
        `(${why})`,
      );
    }
    await page.screenshot({ path: path.join(h.artifacts, `play-${game}.png`), fullPage: true });
  }

  await testValuesHidden(page, h);

  // Undo and redo, and the computer's move announced.
  await startGame(page, h, 'treblecross');
  // a move's measure shown on focus: the Grundy value it leaves, and why
  await page.focus('#drawn-board [data-move="12"]');
  const detail = await h.text(page, '#move-detail');
  check(
    "play: a move's measure on focus",
    /^12: a win: Grundy value 0 left — it leaves .* = 0$/.test(detail),
    `(${detail})`,
  );
  const before = await page.$eval('#drawn-board', (node) => node.innerHTML);
  await clickMove(page, 'treblecross', '1');
  await h.idle(page);
  await page.waitForTimeout(50);
  const said = await h.text(page, '#announce');
  check("play: the computer's move is announced", /^The computer played \d+\. Your move\.$/.test(said), `(${said})`);
  const after = await page.$eval('#drawn-board', (node) => node.innerHTML);
  await page.click('#undo');
  await h.idle(page);
  check('play: undo restores the position', (await page.$eval('#drawn-board', (node) => node.innerHTML)) === before);
  await page.click('#redo');
  await h.idle(page);
  check('play: redo plays it again', (await page.$eval('#drawn-board', (node) => node.innerHTML)) === after);

  // A bad position: an error, and nothing of the last game left up.
  await page.selectOption('#play-game', 'numbergame');
  await page.fill('#position', '5 7\n');
  await page.click('#new-game');
  await h.idle(page);
  const rules = await h.text(page, '#rules');
  const board = await page.$$('#drawn-board *');
  check('play: a bad position shows its error', (await h.text(page, '#play-error')).length > 0);
  check('play: a bad position leaves no stale rules or board', rules === '' && board.length === 0, `(${rules})`);
  await page.fill('#position', '');

  // A random start from the seed: the CLI's with the same seed.
  await page.check('#random-start');
  await page.selectOption('#play-game', 'treblecross');
  await page.click('#new-game');
  await h.idle(page);
  const randomCells = await page.$eval('#drawn-board .play-strip', (n) => n.getAttribute('aria-label'));
  const cliRandom = h
    .run(['play', '--json', '--random', '--seed', String(h.seed), 'treblecross'], '')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .find((e) => e.event === 'position');
  check(
    "play: a random start is the CLI's for the same seed",
    randomCells === `the strip ${cliRandom.state.cells}`,
    `(${randomCells} vs ${cliRandom.state.cells})`,
  );
  await page.uncheck('#random-start');

  // The computer's level: a casual computer's first move is the CLI's
  // `--level casual` one (seeds where it differs from perfect play's).
  const firstMove = (level, seed) =>
    h
      .run(['play', '--json', '--first', 'computer', '--level', level, '--seed', String(seed), 'treblecross'], '')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .find((e) => e.event === 'move').move;
  const seeds = [...Array(40).keys()]
    .filter((seed) => firstMove('casual', seed) !== firstMove('perfect', seed))
    .slice(0, 2);
  await page.selectOption('#first', 'computer');
  await page.selectOption('#level', 'casual');
  const casual = [];
  for (const seed of seeds) {
    await page.fill('#seed', String(seed));
    await page.click('#new-game');
    await h.idle(page);
    casual.push((await h.text(page, '#log')).replace(/^The computer: (\d+).*$/s, '$1'));
  }
  check(
    "play: the casual level plays as the CLI's",
    seeds.length === 2 && casual.join() === seeds.map((seed) => firstMove('casual', seed)).join(),
    `(${casual} vs ${seeds.map((seed) => firstMove('casual', seed))})`,
  );
  await page.selectOption('#first', 'you');
  await page.selectOption('#level', 'perfect');
  await page.fill('#seed', String(h.seed));

  // One game by keyboard alone: Tab to a move coloured as winning, Enter.
  await page.selectOption('#play-game', 'treblecross');
  await page.focus('#new-game');
  await page.keyboard.press('Enter');
  await h.idle(page);
  let outcome = '';
  let presses = 0;
  for (let turn = 0; turn < 20 && !outcome; turn++) {
    await page.focus('#new-game');
    let onWin = false;
    for (let k = 0; k < 120 && !onWin; k++) {
      await page.keyboard.press('Tab');
      presses++;
      onWin = await page.evaluate(
        () =>
          document.activeElement.closest('#drawn-board') !== null && document.activeElement.dataset.outcome === 'win',
      );
    }
    if (!onWin) break;
    await page.keyboard.press('Enter');
    await h.idle(page);
    outcome = await h.text(page, '#outcome');
  }
  check(
    'play: a game won by keyboard alone',
    outcome === 'Game over: you win!',
    `(${JSON.stringify(outcome)}, ${presses} key presses)`,
  );
}

module.exports = { testPlay };
