// cgsolve's page: solve a judge input, play a game, list Grundy values.
// All the work is the C library's, compiled to WebAssembly and run in a
// worker (worker.js); this file only asks and draws.
'use strict';

const $ = (id) => document.getElementById(id);
const make = (tag, attributes = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'text') node.textContent = value;
    else if (key === 'class') node.className = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
};

// ---- the worker, with a busy indicator and a cancel button --------------
let worker = null;
let pending = new Map();
let nextId = 1;

function startWorker() {
  worker = new Worker('worker.js');
  worker.onmessage = (message) => {
    const { id, result } = message.data;
    const request = pending.get(id);
    if (request) {
      pending.delete(id);
      request.resolve(result);
    }
    if (pending.size === 0) setBusy(false);
  };
}

let busyTimer = null;
function setBusy(on) {
  $('busy').hidden = !on;
  clearInterval(busyTimer);
  if (on) {
    const started = Date.now();
    $('busy-text').textContent = 'Working…';
    busyTimer = setInterval(() => {
      $('busy-text').textContent = `Working… ${((Date.now() - started) / 1000).toFixed(0)} s`;
    }, 500);
  }
}

function ask(call, args) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    setBusy(true);
    worker.postMessage({ id, call, args });
  });
}

$('cancel').addEventListener('click', () => {
  worker.terminate();
  for (const request of pending.values()) request.reject(new Error('cancelled'));
  pending = new Map();
  setBusy(false);
  startWorker();
});

function showError(box, message) {
  box.hidden = !message;
  box.textContent = message || '';
}

// ---- tabs ----------------------------------------------------------------
for (const tab of document.querySelectorAll('[role="tab"]')) {
  tab.addEventListener('click', () => {
    for (const other of document.querySelectorAll('[role="tab"]')) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      $(other.getAttribute('aria-controls')).hidden = !selected;
    }
  });
}

// ---- solving ---------------------------------------------------------------
$('solve-game').addEventListener('change', updateSolveOptions);
function updateSolveOptions() {
  const game = $('solve-game').value;
  $('optimal-label').hidden = game !== 'domino';
  $('max-label').hidden = game !== 'numbergame';
}

$('load-example').addEventListener('click', async () => {
  const response = await fetch(`examples/${$('solve-game').value}.in`);
  $('input').value = await response.text();
});

$('upload').addEventListener('change', async () => {
  const file = $('upload').files[0];
  if (file) $('input').value = await file.text();
});

$('solve-button').addEventListener('click', solve);

async function solve() {
  const game = $('solve-game').value;
  const optimal = game === 'domino' && $('optimal').checked ? 1 : 0;
  const max = game === 'numbergame' ? Number($('max').value) || 0 : 0;
  let result;
  try {
    result = await ask('cgw_solve', [game, $('input').value, optimal, max]);
  } catch (error) {
    showError($('solve-error'), 'Cancelled.');
    return;
  }
  $('judge-output').textContent = result.judge;
  showError($('solve-error'), result.ok ? '' : describeError(result.error));
  const explanations = $('explanations');
  explanations.replaceChildren();
  for (const line of result.json.split('\n').filter(Boolean)) {
    const record = JSON.parse(line);
    const section = make('section', { class: 'case' },
      make('h4', { text: `Case ${record.case}: ${record.answer.replace(/\n/g, ' / ')}` }));
    section.append(DRAW[game](record.analysis));
    explanations.append(section);
  }
}

// "<input>:2:3: expected ..." → "Line 2, column 3: expected ...", and the
// place selected in the text.
function describeError(message) {
  const match = /^<input>:(\d+):(\d+): (.*)$/s.exec(message) || /^<input>:(\d+): (.*)$/s.exec(message);
  if (!match) return message;
  const line = Number(match[1]);
  const column = match.length === 4 ? Number(match[2]) : 1;
  const text = $('input').value;
  let offset = 0;
  for (let k = 1; k < line && offset >= 0; k++) offset = text.indexOf('\n', offset) + 1;
  $('input').focus();
  $('input').setSelectionRange(offset + column - 1, offset + column);
  return `Line ${line}, column ${column}: ${match[match.length - 1]}`;
}

const DRAW = {
  treblecross(a) {
    const strip = make('div', { class: 'strip', role: 'img', 'aria-label': `board ${a.board}` });
    const winning = new Set(a.winning_moves.map((m) => m.cell));
    const free = new Map();
    for (const s of a.stretches) for (let c = s.from; c <= s.to; c++) free.set(c, s);
    [...a.board].forEach((ch, i) => {
      const cell = i + 1;
      const classes = ['cell'];
      if (free.has(cell)) classes.push('free');
      if (winning.has(cell)) classes.push('win');
      strip.append(make('span', { class: classes.join(' '), title: `cell ${cell}` },
        winning.has(cell) ? '★' : ch, make('small', { text: String(cell) })));
    });
    const parts = [strip];
    if (a.stretches.length) {
      parts.push(make('p', { text: 'Free stretches (dashed): ' + a.stretches
        .map((s) => `${s.from}–${s.to} (G = ${s.grundy})`).join(', ') + `; nim-sum ${a.nim_sum}.` }));
    }
    parts.push(make('p', { text: a.winner === 'first'
      ? `Winning cells (★): ${[...winning].join(' ')}` + (a.reason === 'three_in_a_row' ? ' — each completes three in a row.' : '')
      : 'The player to move loses against perfect play.' }));
    return make('div', {}, ...parts);
  },

  domino(a) {
    const parts = [make('p', { text: `Can win along some line: Red ${a.can_win.red ? 'yes' : 'no'}, Green ${a.can_win.green ? 'yes' : 'no'}.` +
      (a.winner !== 'not_computed' ? ` Under perfect play: ${a.winner === 'nobody' ? 'nobody (blocked)' : a.winner} wins.` : '') })];
    for (const player of ['red', 'green']) {
      const line = a.lines[player];
      if (!line.length) continue;
      const tiles = make('div', { class: 'tiles', 'aria-label': `a winning line for ${player}` });
      for (const move of line) {
        const who = move.player === 'red' ? 'R' : 'G';
        tiles.append(move.action === 'pass'
          ? make('span', { class: 'tile pass', text: `${who} passes` })
          : make('span', { class: 'tile', title: `${move.player} ${move.action}s ${move.tile.join('-')}, ends ${move.ends_after.join(' and ')}` },
            make('span', { text: `${who}` }), make('span', { text: String(move.tile[0]) }), make('span', { text: String(move.tile[1]) })));
      }
      const last = line[line.length - 1];
      parts.push(make('p', { text: `A line where ${player} wins (open ends after it: ${last.ends_after.join(' and ')}):` }), tiles);
    }
    return make('div', {}, ...parts);
  },

  path(a) {
    const parts = [make('p', { text: `Verdict: ${a.verdict.replace(/_/g, ' ')}.` +
      (a.chain_length ? ` A shortest chain of ${a.chain_length} stones is underlined.` : '') +
      (a.winning_moves.length ? ` The winning cell (★) is row ${a.winning_moves[0].row}, column ${a.winning_moves[0].column} (${a.winning_cells} in all).` : '') })];
    if (a.board.length) {
      const table = make('table', { class: 'board', 'aria-label': 'the board' });
      for (const row of a.board) {
        const tr = make('tr');
        for (const ch of row) {
          const td = make('td', { text: ch === '*' ? '★' : ch.toUpperCase() });
          if (ch === '*') td.className = 'winning';
          else if (ch === 'w' || ch === 'b') td.className = 'chain';
          tr.append(td);
        }
        table.append(tr);
      }
      parts.push(table);
    } else {
      parts.push(make('p', { class: 'note', text: `The board (${a.size}×${a.size}) is too large to draw.` }));
    }
    return make('div', {}, ...parts);
  },

  gamecs(a) {
    const children = new Map();
    for (const s of a.subtrees) {
      if (!children.has(s.parent)) children.set(s.parent, []);
      children.get(s.parent).push(s);
    }
    const build = (node) => {
      const li = make('li', { text: node.parent < 0
        ? `root 0: XOR of its children ${node.children_xor}`
        : `node ${node.node} (edge weight ${node.weight}): children XOR ${node.children_xor}, with its edge ${node.with_edge}` });
      const kids = children.get(node.node);
      if (kids) li.append(make('ul', {}, ...kids.map(build)));
      return li;
    };
    const root = a.subtrees.find((s) => s.parent < 0);
    return make('div', {},
      make('p', { text: `Grundy value ${a.grundy}: ${a.winner === 'first' ? 'Emily (the first player) wins' : 'Jolly wins'}.` +
        (a.winning_moves.length ? ` Winning first moves: paint ${a.winning_moves.map((m) => m.edge.join('-')).join(', ')}.` : '') }),
      make('ul', { class: 'tree' }, build(root)),
      a.subtrees_omitted ? make('p', { class: 'note', text: `${a.subtrees_omitted} more subtrees not shown.` }) : '');
  },

  numbergame(a) {
    const winning = new Set(a.winning_moves.map((m) => m.number));
    return make('div', {},
      make('p', { text: winning.size ? 'Winning moves are marked (bold border, ✓).' : 'No move wins against perfect play.' }),
      make('div', { class: 'chips' }, ...a.available.map((x) => make('span', {
        class: winning.has(x) ? 'chip win' : 'chip', text: winning.has(x) ? `${x} ✓` : String(x) }))),
      make('ul', {}, ...a.moves.map((m) => make('li', {
        text: `choose ${m.number}: ${m.wins ? 'wins' : 'loses'}, leaving ${m.leaves.length ? m.leaves.join(' ') : 'nothing'}` }))));
  },
};

// ---- playing -----------------------------------------------------------------
let game = null; // {name, position, first, seed, commands}

$('play-game').addEventListener('change', () => {
  const isOctal = $('play-game').value === 'grundy';
  $('code-label').hidden = !isOctal;
  $('heaps-label').hidden = !isOctal;
});
$('new-game').addEventListener('click', () => {
  const name = $('play-game').value;
  const position = name === 'grundy' ? `${$('code').value} ${$('heaps').value}` : $('position').value;
  game = { name, position, first: Number($('first').value), seed: Number($('seed').value) || 0, commands: [] };
  $('hint-text').textContent = '';
  advance();
});
$('hint').addEventListener('click', () => command('hint'));
$('undo').addEventListener('click', () => command('undo'));

function command(text) {
  if (!game) return;
  game.commands.push(text);
  advance();
}

// The whole game is replayed from its start with every command so far: the
// events of the last turn are drawn.
async function advance() {
  let result;
  try {
    result = await ask('cgw_play', [game.name, game.position, game.commands.join('\n') + '\n', game.first, game.seed]);
  } catch (error) {
    showError($('play-error'), 'Cancelled.');
    return;
  }
  showError($('play-error'), result.ok ? '' : result.error);
  const events = result.events.split('\n').filter(Boolean).map((line) => JSON.parse(line));
  const log = $('log');
  log.replaceChildren();
  let position = null;
  let over = null;
  let hint = null;
  let error = null;
  for (const event of events) {
    if (event.event === 'start') $('rules').textContent = event.rules;
    if (event.event === 'position') position = event;
    if (event.event === 'move') log.append(make('li', { text: `${event.by === 'you' ? 'You' : 'The computer'}: ${event.move}${event.why ? ` (${event.why})` : ''}` }));
    if (event.event === 'undo') log.append(make('li', { text: `Taken back: ${event.moves_taken_back} move(s).` }));
    if (event.event === 'over') over = event;
    if (event.event === 'hint') hint = event;
    if (event.event === 'error') error = event;
  }
  // A hint or an error answers only the last command.
  const last = game.commands[game.commands.length - 1];
  $('hint-text').textContent = last === 'hint' && hint
    ? (hint.winning_moves.length ? `Winning moves: ${hint.winning_moves.join(' ')}`
      : hint.drawing_moves.length ? `No move wins; these hold a draw: ${hint.drawing_moves.join(' ')}`
        : 'No move wins against perfect play.')
    : '';
  if (last === 'hint' || last === 'undo' || (error && last === error.input)) game.commands.pop();
  if (error && last === error.input) showError($('play-error'), `Not a legal move: ${error.message}`);
  $('board').textContent = position ? position.board : '';
  const moves = $('moves');
  moves.replaceChildren();
  const winning = new Set(hint && last === 'hint' ? hint.winning_moves : []);
  if (over) {
    $('outcome').textContent = over.winner === 'you' ? 'Game over: you win!' : over.winner === 'computer' ? 'Game over: the computer wins.' : 'Game over: nobody wins.';
    $('to-move').textContent = '';
  } else {
    $('outcome').textContent = '';
    $('to-move').textContent = 'Your move: choose one.';
    for (const move of position ? position.legal_moves : []) {
      const button = make('button', { type: 'button', class: winning.has(move) ? 'winning' : '', 'data-move': move, text: move });
      button.addEventListener('click', () => command(move));
      moves.append(button);
    }
  }
}

// ---- Grundy values -------------------------------------------------------------
$('grundy-button').addEventListener('click', async () => {
  let result;
  try {
    result = await ask('cgw_grundy', [$('grundy-code').value.trim(), Number($('grundy-upto').value) || 0]);
  } catch (error) {
    showError($('grundy-error'), 'Cancelled.');
    return;
  }
  showError($('grundy-error'), result.ok ? '' : result.error);
  $('grundy-values').replaceChildren();
  $('grundy-summary').textContent = '';
  if (!result.ok) return;
  const a = JSON.parse(result.json).analysis;
  const period = a.period;
  $('grundy-summary').textContent = `${a.code}: G(0..${a.upto}); ` +
    (period ? `period ${period.period} from heap ${period.preperiod} (proven; shaded from there)` : 'no period proven within these values') +
    `; largest value ${a.largest_value} at heap ${a.largest_value_at}; checksum ${a.checksum}.`;
  const table = make('table', { class: 'values', 'aria-label': 'Grundy values, ten a row' });
  table.append(make('tr', {}, make('th', { text: 'n' }), ...[...Array(10).keys()].map((k) => make('th', { text: `+${k}` }))));
  for (let row = 0; row * 10 < a.values.length; row++) {
    const tr = make('tr', {}, make('th', { text: String(row * 10) }));
    for (let k = 0; k < 10 && row * 10 + k < a.values.length; k++) {
      const n = row * 10 + k;
      const classes = [];
      if (period && n >= period.preperiod) classes.push('periodic');
      if (period && n === period.preperiod) classes.push('period-start');
      tr.append(make('td', { class: classes.join(' '), text: String(a.values[n]) }));
    }
    table.append(tr);
  }
  $('grundy-values').append(table);
});

// ---- start --------------------------------------------------------------------
startWorker();
ask('cgw_games', []).then((info) => {
  $('version').textContent = info.version;
  for (const g of info.games) {
    $('solve-game').append(make('option', { value: g.name, text: g.name }));
    if (g.playable) $('play-game').append(make('option', { value: g.name, text: g.name }));
  }
  $('play-game').append(make('option', { value: 'grundy', text: 'octal game (grundy)' }));
  $('play-game').dispatchEvent(new Event('change'));
  updateSolveOptions();
  document.body.dataset.ready = 'true';
});
