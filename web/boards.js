// The Play tab's drawings, one per game, built from the protocol's
// structured `state` (docs/json.md) — never from the text board. Every
// legal move is an element with data-move that is clicked, tapped or
// activated by keyboard (Enter or Space), coloured by its value when the
// page asks for values (class value-win / value-loss / value-draw, with a
// mark as well as a colour), and tells its measure on hover and focus. Every
// piece drawn (a stone, a token, a pip, an X, a node, an edge) has class
// `piece` and stands out from its cell (or an SVG's `ground`) at 3:1.
import { make, makeSvg } from './common.js';

const MARK = { win: '▲', loss: '▼', draw: '●' };

// ctx: {legal: Set of moves, value(move), describe(move), focus(move),
// note(text): say something of the board (hover, focus), play(move)}
export function drawBoard(state, ctx) {
  const draw = DRAWERS[state.kind];
  return draw ? draw(state, ctx) : make('p', { class: 'note', text: `(no drawing for ${state.kind})` });
}

// What every move element gets: its move, its value's class, its title,
// and the handlers.
function moveAttributes(move, ctx, classes = '') {
  const value = ctx.value(move);
  const described = ctx.describe(move);
  return {
    'data-move': move,
    'data-outcome': value ? value.outcome : undefined,
    class: `${classes} move${value ? ` value-${value.outcome}` : ''}`.trim(),
    title: described ? `${move}: ${described}` : String(move),
  };
}

function wire(node, move, ctx) {
  node.addEventListener('click', () => ctx.play(move));
  node.addEventListener('focus', () => ctx.focus(move));
  node.addEventListener('mouseenter', () => ctx.focus(move));
  if (node.tagName !== 'BUTTON') {
    node.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        ctx.play(move);
      }
    });
  }
  return node;
}

function moveButton(move, ctx, label, classes, ...children) {
  const value = ctx.value(move);
  const button = make(
    'button',
    {
      type: 'button',
      ...moveAttributes(move, ctx, classes),
      'aria-label': `${label}${value ? `, ${value.outcome}` : ''}`,
    },
    ...children,
  );
  if (value) button.append(make('span', { class: 'mark', 'aria-hidden': 'true', text: MARK[value.outcome] || '' }));
  return wire(button, move, ctx);
}

// ---- Treblecross: the strip's cells ------------------------------------------
function treblecross(state, ctx) {
  const strip = make('div', { class: 'play-strip', role: 'group', 'aria-label': `the strip ${state.cells}` });
  [...state.cells].forEach((ch, i) => {
    const move = String(i + 1);
    if (ctx.legal.has(move)) {
      strip.append(moveButton(move, ctx, `cell ${move}, empty`, 'cell', make('small', { text: move })));
    } else {
      strip.append(
        make(
          'span',
          {
            class: ch === 'X' ? 'cell taken' : 'cell',
            'aria-label': `cell ${move}, ${ch === 'X' ? 'X' : 'empty'}`,
            role: 'img',
          },
          ch === 'X' ? make('span', { class: 'piece', text: 'X' }) : '',
          make('small', { text: move }),
        ),
      );
    }
  });
  return strip;
}

// ---- the number game: a grid, removed numbers struck with their reason -------
function numbergame(state, ctx) {
  const grid = make('div', { class: 'number-grid', role: 'group', 'aria-label': 'the numbers' });
  const removed = new Map((state.removed || []).map((r) => [r.number, r.reason]));
  for (let n = 2; n <= state.max; n++) {
    const move = String(n);
    if (ctx.legal.has(move)) {
      grid.append(moveButton(move, ctx, `${n}`, 'number', String(n)));
    } else {
      const reason = removed.get(n);
      const why = reason === 'chosen' ? 'chosen' : reason ? `a sum: ${reason}` : 'not available';
      const struck = make(
        'span',
        { class: 'number removed', tabindex: 0, title: `${n}: ${why}`, 'aria-label': `${n}, removed: ${why}` },
        make('s', { text: String(n) }),
      );
      const say = () => ctx.note(`${n} is gone: ${why}`);
      struck.addEventListener('focus', say);
      struck.addEventListener('mouseenter', say);
      grid.append(struck);
    }
  }
  return make(
    'div',
    {},
    grid,
    make('p', {
      class: 'note',
      text: 'Struck numbers are gone: chosen, or a sum of chosen numbers (hover or focus one for the reason).',
    }),
  );
}

// ---- octal heaps: rows of tokens; a heap's moves drawn by what they take -----
const tokenCount = (n) => `${n} token${n === 1 ? '' : 's'}`;
function grundy(state, ctx) {
  const box = make('div', { class: 'heaps' });
  const options = make('div', { class: 'heap-moves', role: 'group', 'aria-label': 'the moves on the chosen heap' });
  const byHeap = new Map();
  for (const move of ctx.legal) {
    const [heap] = move.split(':');
    if (!byHeap.has(heap)) byHeap.set(heap, []);
    byHeap.get(heap).push(move);
  }
  const tokens = (count, classes = 'token piece') =>
    [...Array(count)].map(() => make('span', { class: classes, 'aria-hidden': 'true' }));
  const choose = (heap, size) => {
    options.replaceChildren(
      make('p', { text: `Heap ${heap} (${tokenCount(size)}): take some, leaving none, one or two heaps:` }),
    );
    for (const move of byHeap.get(heap) || []) {
      // heap:take[:left]: take `take` tokens, leaving `left` and the rest
      const [, take, left] = move.split(':').map(Number);
      const rest = size - take;
      const parts = left === undefined || Number.isNaN(left) ? (rest ? [rest] : []) : [left, rest - left];
      const label = `take ${take}${parts.length ? `, leave ${parts.join(' and ')}` : ''}`;
      options.append(
        moveButton(
          move,
          ctx,
          `heap ${heap}: ${label}`,
          'heap-move',
          make('span', { class: 'tokens' }, ...tokens(take, 'token piece taken')),
          ...parts.map((p) => make('span', { class: 'tokens' }, ...tokens(p))),
          make('span', { class: 'heap-move-label', text: label }),
        ),
      );
    }
  };
  (state.heaps || []).forEach((size, k) => {
    const heap = String(k + 1);
    const playable = byHeap.has(heap);
    // coloured by the best of its moves: a heap with a winning move is green
    const outcomes = (byHeap.get(heap) || []).map((m) => ctx.value(m)?.outcome).filter(Boolean);
    const best = ['win', 'draw', 'loss'].find((o) => outcomes.includes(o));
    const row = make(
      playable ? 'button' : 'div',
      {
        type: playable ? 'button' : undefined,
        class: `heap${best ? ` value-${best}` : ''}`,
        'aria-label': `heap ${heap}: ${tokenCount(size)}${playable ? ', choose a move on it' : ''}${best ? `, its best move ${best}s` : ''}`,
        'data-heap': heap,
      },
      make('span', { class: 'heap-name', text: `${heap}:` }),
      ...tokens(size),
    );
    if (playable) {
      row.addEventListener('click', () => {
        for (const other of box.querySelectorAll('.heap.chosen')) other.classList.remove('chosen');
        row.classList.add('chosen');
        choose(heap, size);
        options.querySelector('button')?.focus();
      });
    }
    box.append(row);
  });
  if (byHeap.size === 1) choose([...byHeap.keys()][0], state.heaps[Number([...byHeap.keys()][0]) - 1]);
  return make('div', {}, box, options);
}

// ---- Game of CS: the tree, each edge with its units, clicked to paint --------
function gamecs(state, ctx) {
  const children = new Map();
  for (const edge of state.edges) {
    if (!children.has(edge.parent)) children.set(edge.parent, []);
    children.get(edge.parent).push(edge);
  }
  // leaves in depth-first order side by side; a parent above its children's middle
  const place = new Map();
  let leaves = 0;
  let deepest = 0;
  const stack = [{ node: state.root, depth: 0, done: false }];
  while (stack.length) {
    const top = stack.pop();
    const kids = children.get(top.node) || [];
    if (!top.done && kids.length) {
      stack.push({ ...top, done: true });
      for (let k = kids.length - 1; k >= 0; k--) stack.push({ node: kids[k].child, depth: top.depth + 1, done: false });
      continue;
    }
    deepest = Math.max(deepest, top.depth);
    const x = kids.length ? (place.get(kids[0].child).x + place.get(kids[kids.length - 1].child).x) / 2 : leaves++;
    place.set(top.node, { x, depth: top.depth });
  }
  const dx = 72;
  const dy = 70;
  const width = Math.max(1, leaves) * dx + 20;
  const height = deepest * dy + 50;
  const at = (node) => ({ x: 10 + dx / 2 + place.get(node).x * dx, y: 25 + place.get(node).depth * dy });
  const svg = makeSvg('svg', {
    class: 'tree-drawing',
    viewBox: `0 0 ${width} ${height}`,
    role: 'group',
    'aria-label': 'the tree: each edge shows the units of paint left; click an edge to paint one unit',
    style: `max-width: ${width * 1.2}px`,
  });
  for (const edge of state.edges) {
    const a = at(edge.parent);
    const b = at(edge.child);
    const legal = ctx.legal.has(edge.edge);
    const group = makeSvg(
      'g',
      legal
        ? {
            ...moveAttributes(edge.edge, ctx, 'edge'),
            tabindex: 0,
            role: 'button',
            'aria-label': `edge ${edge.edge}, ${edge.units_left} units left${ctx.value(edge.edge) ? `, ${ctx.value(edge.edge).outcome}` : ''}`,
          }
        : { class: edge.units_left !== '0' ? 'edge cut' : 'edge painted', 'aria-hidden': 'true' },
      makeSvg('line', { class: 'edge-hit', x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
      makeSvg('line', { class: 'edge-line piece', x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
      makeSvg('text', {
        class: 'edge-units',
        x: (a.x + b.x) / 2 + 6,
        y: (a.y + b.y) / 2 + 4,
        text: `${edge.units_left}${legal && ctx.value(edge.edge) ? ` ${MARK[ctx.value(edge.edge).outcome]}` : ''}`,
      }),
    );
    if (legal) {
      group.append(makeSvg('title', { text: group.getAttribute('title') }));
      wire(group, edge.edge, ctx);
    }
    svg.append(group);
  }
  for (const [node] of place) {
    const p = at(node);
    svg.append(
      makeSvg('circle', { class: node === state.root ? 'node piece root' : 'node piece', cx: p.x, cy: p.y, r: 11 }),
      makeSvg('text', { class: 'node-name', x: p.x, y: p.y + 4, 'text-anchor': 'middle', text: String(node) }),
    );
  }
  return make(
    'div',
    { class: 'scroll' },
    svg,
    make('p', {
      class: 'note',
      text: 'Each edge shows the units of paint left; grey dashed edges are cut off from the root or fully painted.',
    }),
  );
}

// ---- dominoes: the line and the hands drawn with pips -------------------------
const PIPS = {
  0: [],
  1: [[1, 1]],
  2: [
    [0, 0],
    [2, 2],
  ],
  3: [
    [0, 0],
    [1, 1],
    [2, 2],
  ],
  4: [
    [0, 0],
    [2, 0],
    [0, 2],
    [2, 2],
  ],
  5: [
    [0, 0],
    [2, 0],
    [1, 1],
    [0, 2],
    [2, 2],
  ],
  6: [
    [0, 0],
    [0, 1],
    [0, 2],
    [2, 0],
    [2, 1],
    [2, 2],
  ],
};

export function dominoSvg(tile, label) {
  const svg = makeSvg(
    'svg',
    { class: 'domino', viewBox: '0 0 62 32', role: 'img', 'aria-label': label || `${tile[0]}-${tile[1]}` },
    makeSvg('rect', { class: 'domino-face ground', x: 1, y: 1, width: 60, height: 30, rx: 4 }),
    makeSvg('line', { class: 'domino-bar', x1: 31, y1: 4, x2: 31, y2: 28 }),
  );
  tile.forEach((half, side) => {
    for (const [col, row] of PIPS[half] || []) {
      svg.append(makeSvg('circle', { class: 'pip piece', cx: 8 + side * 30 + col * 7.5, cy: 8 + row * 8, r: 2.6 }));
    }
    if (!(half in PIPS))
      svg.append(makeSvg('text', { x: 16 + side * 30, y: 21, 'text-anchor': 'middle', text: String(half) }));
  });
  return svg;
}

function domino(state, ctx) {
  const you = state.you || 'red';
  const other = you === 'red' ? 'green' : 'red';
  const box = make('div', { class: 'domino-board' });
  const tileName = (tile) => `${tile[0]}-${tile[1]}`;
  // the moves that lay a tile, by tile (either way round); each names its end
  const movesOf = (tile) =>
    [...ctx.legal].filter((move) => {
      const [name] = move.split(':'); // a-b, or a-b:e when it fits both ends (e: the end)
      return name === tileName(tile) || name === `${tile[1]}-${tile[0]}`;
    });
  let chosen = null;
  const ends = [];
  const line = make('div', { class: 'domino-line', role: 'group', 'aria-label': 'the line' });
  const endButton = (side) => {
    const button = make(
      'button',
      {
        type: 'button',
        class: 'line-end',
        hidden: true,
        'data-end': side,
        'aria-label': `lay on the ${side} end${state.open_ends ? ` (${state.open_ends[side === 'left' ? 0 : 1]})` : ''}`,
      },
      side === 'left' ? '◀' : '▶',
    );
    ends.push(button);
    return button;
  };
  line.append(endButton('left'));
  if (!state.line || !state.line.length)
    line.append(make('span', { class: 'note', text: 'The line is empty: the first tile opens it.' }));
  for (const tile of state.line || []) line.append(dominoSvg(tile));
  line.append(endButton('right'));
  box.append(
    make('p', {
      text: state.open_ends ? `The line (open ends ${state.open_ends[0]} and ${state.open_ends[1]}):` : 'The line:',
    }),
    line,
  );
  const showEnds = (moves) => {
    for (const button of ends) {
      const side = button.dataset.end;
      const move = state.open_ends && moves.find((m) => m.endsWith(`:${state.open_ends[side === 'left' ? 0 : 1]}`));
      button.hidden = !move;
      if (!move) continue;
      const value = ctx.value(move);
      button.className = `line-end move${value ? ` value-${value.outcome}` : ''}`;
      button.dataset.move = move;
      if (value) button.dataset.outcome = value.outcome;
      button.title = `${move}: ${ctx.describe(move)}`;
      button.onclick = () => ctx.play(move);
      button.onfocus = () => ctx.focus(move);
    }
  };
  const hand = (player, mine) => {
    const tiles = (state.hands && state.hands[player]) || [];
    const row = make('div', {
      class: 'domino-hand',
      role: 'group',
      'aria-label': `${mine ? 'your' : "the computer's"} hand (${player})`,
    });
    for (const tile of tiles) {
      const moves = mine ? movesOf(tile) : [];
      if (!moves.length) {
        row.append(
          make(
            'span',
            { class: mine ? 'hand-tile unplayable' : 'hand-tile' },
            dominoSvg(tile, `${tileName(tile)}${mine ? ', does not fit' : ''}`),
          ),
        );
        continue;
      }
      // a tile that fits one way is laid at once; one that fits both ends
      // waits for the end to be clicked, coloured by the better of its two
      const both = moves.length > 1;
      const rank = { win: 3, draw: 2, loss: 1 };
      const best = moves
        .map((m) => ctx.value(m))
        .filter(Boolean)
        .sort((a, b) => rank[b.outcome] - rank[a.outcome])[0];
      const attributes = both
        ? {
            'data-moves': moves.join('|'),
            'data-outcomes': moves.map((m) => (ctx.value(m) ? ctx.value(m).outcome : '')).join('|'),
            class: `hand-tile move${best ? ` value-${best.outcome}` : ''}`,
            title: moves.map((m) => `${m}: ${ctx.describe(m)}`).join('\n'),
          }
        : moveAttributes(moves[0], ctx, 'hand-tile');
      const button = make(
        'button',
        {
          type: 'button',
          ...attributes,
          'aria-label': `${tileName(tile)}${both ? ', fits both ends: choose the end next' : ''}${best ? `, ${best.outcome}` : ''}`,
        },
        dominoSvg(tile),
      );
      if (best) button.append(make('span', { class: 'mark', 'aria-hidden': 'true', text: MARK[best.outcome] }));
      button.addEventListener('focus', () => ctx.focus(moves[0]));
      button.addEventListener('mouseenter', () => ctx.focus(moves[0]));
      button.addEventListener('click', () => {
        if (!both) ctx.play(moves[0]);
        else {
          if (chosen) chosen.classList.remove('chosen');
          chosen = button;
          button.classList.add('chosen');
          showEnds(moves);
          ends.find((b) => !b.hidden)?.focus();
        }
      });
      row.append(button);
    }
    return row;
  };
  box.append(make('p', { text: `Your hand (${you}):` }), hand(you, true));
  if (ctx.legal.has('pass')) box.append(moveButton('pass', ctx, 'pass', 'pass-button', 'Pass'));
  box.append(make('p', { text: `The computer's hand (${other}), open:` }), hand(other, false));
  return box;
}

// ---- PATH: the board's cells, labelled as the terminal labels them ----------
// Columns are letters from the left, rows numbers from the top, so the cell
// under "b" in row 3 is the move b3. A stone is a disc drawn on its cell.
function path(state, ctx) {
  const size = state.size;
  const column = (c) => String.fromCharCode(97 + c);
  const label = (text) => make('span', { class: 'path-label', 'aria-hidden': 'true', text });
  const grid = make(
    'div',
    {
      class: 'path-grid',
      role: 'group',
      'aria-label': `the ${size}×${size} board: columns a to ${column(size - 1)}, rows 1 to ${size} from the top`,
      style: `grid-template-columns: auto repeat(${size}, minmax(0, 1fr))`,
    },
    label(''),
    ...[...Array(size)].map((_, c) => label(column(c))),
  );
  state.rows.forEach((row, r) => {
    grid.append(label(String(r + 1)));
    [...row].forEach((ch, c) => {
      const move = `${column(c)}${r + 1}`; // as play path types it: b3
      if (ctx.legal.has(move))
        grid.append(moveButton(move, ctx, `${move}: row ${r + 1}, column ${c + 1}`, 'path-cell'));
      else {
        const stone = ch === 'W' || ch === 'B';
        grid.append(
          make(
            'span',
            {
              class: 'path-cell',
              role: 'img',
              'aria-label': `${move}: row ${r + 1}, column ${c + 1}: ${ch === 'W' ? 'White' : ch === 'B' ? 'Black' : ch}`,
            },
            stone ? make('span', { class: `piece stone stone-${ch}` }) : '',
          ),
        );
      }
    });
  });
  return grid;
}

const DRAWERS = { treblecross, numbergame, grundy, gamecs, domino, path };
