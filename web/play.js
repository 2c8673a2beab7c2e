// The Play tab: the game drawn from the protocol's structured `state`
// (boards.js), moved by clicking or tapping the drawing (or by keyboard),
// each legal move coloured by its value from `move_values` when "show
// values" is on, a value-history chart, undo/redo/new game, the opponent's
// level, and the computer's moves announced through the live region.
// The whole game is replayed from its start with every move so far (the
// module keeps no state between calls); the events of the last turn are drawn.
import { drawBoard } from './boards.js';
import { $, announce, ask, make, makeSvg, optionLines, showError } from './common.js';

// {name, position, settings, level, moves, redo}; settings: the play options
// of the start (who starts, a random start, the seed) as name/value lines
let game = null;
let current = null; // the last turn's {position, over, valueOf(move)}

export function setUpPlay() {
  $('play-game').addEventListener('change', () => {
    const isOctal = $('play-game').value === 'grundy';
    $('code-label').hidden = !isOctal;
    $('heaps-label').hidden = !isOctal;
    $('misere-label').hidden = !isOctal;
  });
  // a seed of its own for each page, so games differ unless one is typed
  $('seed').value = String(1 + Math.floor(Math.random() * 99999));
  $('new-game').addEventListener('click', newGame);
  $('hint').addEventListener('click', () => {
    if (game) advance('hint');
  });
  $('undo').addEventListener('click', () => {
    if (!game || !game.moves.length) return;
    game.redo.push(game.moves.pop());
    advance();
  });
  $('redo').addEventListener('click', () => {
    if (!game || !game.redo.length) return;
    game.moves.push(game.redo.pop());
    advance();
  });
  $('show-values').addEventListener('change', () => {
    $('legend').hidden = !$('show-values').checked;
    if (current && !game.hasMoveValues && !current.hint && !current.over) advance();
    else if (current) redraw();
  });
  $('level').addEventListener('change', () => {
    if (game) {
      game.level = $('level').value;
      advance();
    }
  });
}

function newGame() {
  const name = $('play-game').value;
  const position = name === 'grundy' ? `${$('code').value.trim()} ${$('heaps').value.trim()}` : $('position').value;
  $('seed').value = String(Math.max(0, Math.floor(Number($('seed').value)) || 0));
  game = {
    name,
    position,
    level: $('level').value,
    misere: name === 'grundy' && $('play-misere').checked, // whoever cannot move wins
    moves: [],
    redo: [],
  };
  // The misère box counts only for the game that has misère play.
  game.settings = optionLines($('play-settings'))
    .split('\n')
    .filter((line) => line !== 'misere' || game.misere)
    .join('\n');
  current = null;
  advance();
}

// Play the move (from the board or the move buttons).
export function play(move) {
  if (!game || !current || current.over) return;
  game.moves.push(move);
  game.redo = [];
  advance();
}

const OUTCOME_WORD = { win: 'a win', loss: 'a loss', draw: 'a draw' };

// "a win: Grundy value 0 left (3 ⊕ 5 ⊕ 6)", "a loss in 4 moves"
export function describeValue(value) {
  if (!value) return '';
  let text = OUTCOME_WORD[value.outcome] || value.outcome;
  if (value.grundy !== undefined) {
    text += `: Grundy value ${value.grundy} left`;
    if (!value.why && value.components && value.components.length > 1) text += ` (${value.components.join(' ⊕ ')})`;
  } else if (value.misere !== undefined) {
    text += `: misère value ${value.misere} left`;
  } else if (value.remoteness !== undefined) {
    text +=
      value.remoteness === 0 ? ', the game ends' : ` in ${value.remoteness} move${value.remoteness === 1 ? '' : 's'}`;
  } else if (value.measure === 'unknown' && !(game && game.misere)) {
    text += ' (measure not computed within the memory budget)';
  }
  if (value.why) text += ` — ${value.why}`;
  return text;
}

async function advance(extra) {
  const commands = [];
  commands.push(...game.moves);
  if (extra) commands.push(extra);
  else if ($('show-values').checked && !game.hasMoveValues) commands.push('hint'); // outcomes without move_values
  let result;
  try {
    result = await ask('cgw_play', [
      game.name,
      game.position,
      commands.join('\n') + '\n',
      [game.settings, `level=${game.level}`].join('\n'),
    ]);
  } catch {
    showError($('play-error'), 'Cancelled.');
    return;
  }
  const events =
    typeof result.events === 'string'
      ? result.events
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line))
      : [];
  let rules = '';
  let position = null;
  let over = null;
  let hint = null;
  let error = null;
  const log = [];
  const history = [];
  let lastComputerMove = null;
  let lastComputerTurn = -1;
  for (const event of events) {
    if (event.event === 'start')
      rules = (event.play === 'misere' ? 'Misère play: whoever cannot move WINS. ' : '') + event.rules;
    if (event.event === 'position') {
      position = event;
      if (Array.isArray(event.move_values)) game.hasMoveValues = true;
      if (event.value) history.push({ ...event.value, by: event.to_move });
    }
    if (event.event === 'move') {
      log.push(`${event.by === 'you' ? 'You' : 'The computer'}: ${event.move}${event.why ? ` (${event.why})` : ''}`);
      if (event.by === 'computer') {
        lastComputerMove = event;
        lastComputerTurn = log.length;
      }
    }
    if (event.event === 'over') over = event;
    if (event.event === 'hint') hint = event;
    if (event.event === 'error') error = event;
  }
  // A failed start leaves nothing of the last game up.
  $('rules').textContent = rules;
  let message = result.ok ? '' : result.error || 'the solver gave no answer';
  if (game.notice) {
    message = game.notice;
    game.notice = null;
  }
  if (error) {
    // a move the module refused (a stale redo, or a level it does not know)
    const refused = error.input;
    const at = game.moves.lastIndexOf(refused);
    if (at >= 0) game.moves.splice(at);
    message = `Not accepted: ${error.message}`;
    if (at >= 0) {
      game.notice = message;
      advance();
      return;
    }
  }
  showError($('play-error'), message);
  current = {
    position: over ? null : position,
    over,
    hint,
    hintAsked: extra === 'hint',
    history,
    log,
    state: (over && over.state) || (position && position.state) || null,
  };
  // the computer's reply, said once (not on a redraw)
  if (lastComputerMove && lastComputerTurn === log.length) {
    announce(`The computer played ${lastComputerMove.move}.${over ? '' : ' Your move.'}`);
  }
  redraw();
  if (over) announce(outcomeText(over));
}

function outcomeText(over) {
  const rule = over.play === 'misere' ? ' (misère: whoever cannot move wins)' : '';
  return over.winner === 'you'
    ? `Game over${rule}: you win!`
    : over.winner === 'computer'
      ? `Game over${rule}: the computer wins.`
      : `Game over${rule}: nobody wins.`;
}

// The value of each legal move, by its name: from move_values, else from
// a hint's winning and drawing moves.
function valuesOf(position, hint) {
  const values = new Map();
  if (!position) return values;
  if (Array.isArray(position.move_values)) {
    for (const value of position.move_values) values.set(String(value.move), value);
  } else if (hint) {
    const winning = new Set(hint.winning_moves);
    const drawing = new Set(hint.drawing_moves);
    for (const move of position.legal_moves) {
      values.set(move, { move, outcome: winning.has(move) ? 'win' : drawing.has(move) ? 'draw' : 'loss' });
    }
  }
  return values;
}

function redraw() {
  const { position, over, hint, hintAsked, history, log } = current;
  const showValues = $('show-values').checked || hintAsked;
  const values = valuesOf(position, hint);
  const shown = (move) => (showValues ? values.get(String(move)) : undefined);
  const legal = new Set(position ? position.legal_moves : []);
  const board = $('drawn-board');
  board.replaceChildren();
  $('move-detail').textContent = '';
  if (current.state) {
    board.append(
      drawBoard(current.state, {
        legal,
        // values off means off: no colour, title, label or detail tells one
        value: shown,
        describe: (move) => {
          const value = shown(move);
          return value ? describeValue(value) : '';
        },
        focus: (move) => {
          const value = shown(move);
          $('move-detail').textContent = value ? `${move}: ${describeValue(value)}` : '';
        },
        note: (text) => {
          $('move-detail').textContent = text;
        },
        play,
      }),
    );
  }
  $('board').hidden = Boolean(current.state);
  $('board').textContent = position ? position.board : '';
  $('hint-text').textContent =
    hint && hintAsked
      ? hint.winning_moves.length
        ? `Winning moves: ${hint.winning_moves.join(' ')}`
        : hint.drawing_moves.length
          ? `No move wins; these hold a draw: ${hint.drawing_moves.join(' ')}`
          : 'No move wins against perfect play.'
      : '';
  const moves = $('moves');
  moves.replaceChildren();
  if (over) {
    $('outcome').textContent = outcomeText(over);
    $('to-move').textContent = '';
  } else {
    $('outcome').textContent = '';
    $('to-move').textContent = position
      ? current.state
        ? 'Your move: click or tap the board (or Tab to a move and press Enter).'
        : 'Your move: choose one.'
      : '';
    // the moves as buttons only when the game has no drawing
    for (const move of current.state ? [] : legal) {
      const value = shown(move);
      const button = make('button', {
        type: 'button',
        class: value ? `value-${value.outcome}` : '',
        'data-move': move,
        title: value ? describeValue(value) : undefined,
        text: move,
      });
      button.addEventListener('click', () => play(move));
      moves.append(button);
    }
  }
  $('undo').disabled = !game.moves.length;
  $('redo').disabled = !game.redo.length;
  $('log').replaceChildren(...log.map((line) => make('li', { text: line })));
  drawHistory(showValues ? history : []);
}

// GamesmanUni's value history: a point per position (a circle when you
// are to move, a square for the computer) for the player to move, above the middle a win, below a loss, on it a draw; further out the
// sooner the game ends (remoteness), every point at the same height when
// the measure is a Grundy value.
function drawHistory(history) {
  $('history-figure').hidden = !history.length;
  if (!history.length) {
    $('history').replaceChildren(); // no value left behind, hidden or not
    return;
  }
  const width = 600;
  const height = 160;
  const middle = height / 2;
  const step = Math.min(40, (width - 40) / Math.max(1, history.length));
  const longest = Math.max(1, ...history.map((v) => v.remoteness ?? 0));
  const points = history.map((value, k) => {
    const reach = value.remoteness !== undefined ? 1 - value.remoteness / (longest + 1) : 0.6;
    const side = value.outcome === 'win' ? -1 : value.outcome === 'loss' ? 1 : 0;
    return { x: 30 + k * step + step / 2, y: middle + side * (20 + reach * (middle - 30)), value };
  });
  const svg = $('history');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.replaceChildren(
    makeSvg('text', { x: 4, y: 14, class: 'plot-label', text: 'win' }),
    makeSvg('text', { x: 4, y: height - 6, class: 'plot-label', text: 'loss' }),
    makeSvg('line', { class: 'axis', x1: 28, x2: width, y1: middle, y2: middle }),
    makeSvg('polyline', { class: 'history-line', points: points.map((p) => `${p.x},${p.y}`).join(' ') }),
    // you to move: a circle; the computer to move: a square
    ...points.map((p, k) => {
      const mine = p.value.by !== 'computer';
      const attributes = { class: `value-${p.value.outcome}`, 'data-outcome': p.value.outcome, 'data-by': p.value.by };
      const title = makeSvg('title', {
        text: `position ${k + 1}, ${mine ? 'you' : 'the computer'} to move: ${describeValue(p.value)}`,
      });
      return mine
        ? makeSvg('circle', { ...attributes, cx: p.x, cy: p.y, r: 5 }, title)
        : makeSvg('rect', { ...attributes, x: p.x - 5, y: p.y - 5, width: 10, height: 10 }, title);
    }),
  );
}
