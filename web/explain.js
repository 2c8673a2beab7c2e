// The Solve tab's explanations, one drawing per case, built lazily: a
// placeholder per case (cases are added a hundred at a time as the list
// scrolls), each drawing built when its case comes into view or is opened,
// so 10,005 cases or 20 boards of 80×80 never become a million nodes at once.
import { make } from './common.js';

const CHUNK = 100; // placeholders added at a time
const EAGER = 5; // the first drawings are built at once

// "Case 1: Emily" for an answer that names its case already, else
// "Case 1: WINNING / 3".
export function heading(record) {
  const answer = String(record.answer).replace(/\n+$/, '').replace(/\n/g, ' / ');
  return /^Case \d+:/.test(answer) ? answer : `Case ${record.case}: ${answer}`;
}

export function showExplanations(container, game, lines) {
  container.replaceChildren();
  let added = 0;
  const records = new Map(); // parsed for a heading, kept until drawn
  const build = (section) => {
    if (section.dataset.built) return;
    section.dataset.built = 'true';
    const index = Number(section.dataset.index);
    const record = records.get(index) || JSON.parse(lines[index]);
    records.delete(index);
    section.querySelector('.pending')?.remove();
    section.append(DRAW[game](record.analysis));
  };
  const viewer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        viewer.unobserve(entry.target);
        build(entry.target);
      }
    },
    { rootMargin: '300px 0px' },
  );
  const more = make('button', { type: 'button', class: 'more' });
  const addChunk = () => {
    const end = Math.min(lines.length, added + CHUNK);
    const fragment = document.createDocumentFragment();
    for (; added < end; added++) {
      const record = JSON.parse(lines[added]);
      records.set(added, record);
      const section = make(
        'section',
        { class: 'case', 'data-index': added },
        make('h4', { text: heading(record) }),
        make('p', { class: 'note pending', text: 'Drawn when it scrolls into view.' }),
      );
      fragment.append(section);
      if (added < EAGER) build(section);
      else viewer.observe(section);
    }
    container.insertBefore(fragment, more);
    more.hidden = added >= lines.length;
    more.textContent = `Show more (${lines.length - added} cases left)`;
  };
  more.addEventListener('click', addChunk);
  container.append(more);
  addChunk();
  // the next hundred when the end of the list comes near
  const sentinel = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting) && added < lines.length) addChunk();
  });
  sentinel.observe(more);
  return () => {
    viewer.disconnect();
    sentinel.disconnect();
  };
}

// A square board of characters: a table when small, a canvas when large.
function drawBoard(rows, label, style) {
  const size = rows.length;
  if (size <= 24) {
    const table = make('table', { class: 'board', 'aria-label': label });
    for (const row of rows) {
      const tr = make('tr');
      for (const ch of row) {
        const look = style(ch);
        tr.append(make('td', { class: look.class, text: look.text }));
      }
      table.append(tr);
    }
    return make('div', { class: 'scroll' }, table);
  }
  const cell = 8;
  const canvas = make('canvas', {
    class: 'board-canvas',
    role: 'img',
    'aria-label': label,
    width: size * cell,
    height: size * cell,
  });
  const context = canvas.getContext('2d');
  const colours = { W: '#ffffff', B: '#1b1b1b', U: '#d0d0c8', w: '#f2c14e', b: '#7a4b00', '*': '#0b6e2e' };
  rows.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      context.fillStyle = colours[ch] || '#999';
      context.fillRect(c * cell, r * cell, cell - 1, cell - 1);
    });
  });
  return canvas;
}

const DRAW = {
  treblecross(a) {
    const strip = make('div', { class: 'strip', role: 'img', 'aria-label': `board ${a.board}` });
    const winning = new Set(a.winning_moves.map((m) => m.cell));
    const free = new Set();
    for (const s of a.stretches) for (let c = s.from; c <= s.to; c++) free.add(c);
    [...a.board].forEach((ch, i) => {
      const cell = i + 1;
      const classes = ['cell'];
      if (free.has(cell)) classes.push('free');
      if (winning.has(cell)) classes.push('win');
      strip.append(
        make(
          'span',
          { class: classes.join(' '), title: `cell ${cell}` },
          winning.has(cell) ? '★' : ch,
          make('small', { text: String(cell) }),
        ),
      );
    });
    const parts = [strip];
    if (a.stretches.length) {
      parts.push(
        make('p', {
          text:
            'Free stretches (dashed): ' +
            a.stretches.map((s) => `${s.from}–${s.to} (G = ${s.grundy})`).join(', ') +
            `; nim-sum ${a.nim_sum}.`,
        }),
      );
    }
    parts.push(
      make('p', {
        text:
          a.winner === 'first'
            ? `Winning cells (★): ${[...winning].join(' ')}` +
              (a.reason === 'three_in_a_row' ? ' — each completes three in a row.' : '')
            : 'The player to move loses against perfect play.',
      }),
    );
    return make('div', {}, ...parts);
  },

  domino(a) {
    const parts = [
      make('p', {
        text:
          `Can win along some line: Red ${a.can_win.red ? 'yes' : 'no'}, Green ${a.can_win.green ? 'yes' : 'no'}.` +
          (a.winner !== 'not_computed'
            ? ` Under perfect play: ${a.winner === 'nobody' ? 'nobody (blocked)' : a.winner} wins.`
            : ''),
      }),
    ];
    for (const player of ['red', 'green']) {
      const line = a.lines[player];
      if (!line.length) continue;
      const tiles = make('div', { class: 'tiles', 'aria-label': `a winning line for ${player}` });
      for (const move of line) {
        const who = move.player === 'red' ? 'R' : 'G';
        tiles.append(
          move.action === 'pass'
            ? make('span', { class: 'tile pass', text: `${who} passes` })
            : make(
                'span',
                {
                  class: 'tile',
                  title: `${move.player} ${move.action}s ${move.tile.join('-')}, ends ${move.ends_after.join(' and ')}`,
                },
                make('span', { text: who }),
                make('span', { text: String(move.tile[0]) }),
                make('span', { text: String(move.tile[1]) }),
              ),
        );
      }
      const last = line[line.length - 1];
      parts.push(
        make('p', { text: `A line where ${player} wins (open ends after it: ${last.ends_after.join(' and ')}):` }),
        tiles,
      );
    }
    return make('div', {}, ...parts);
  },

  path(a) {
    const parts = [
      make('p', {
        text:
          `Verdict: ${a.verdict.replace(/_/g, ' ')}.` +
          (a.chain_length ? ` A shortest chain of ${a.chain_length} stones is marked.` : '') +
          (a.winning_moves.length
            ? ` The winning cell (★) is row ${a.winning_moves[0].row}, column ${a.winning_moves[0].column} (${a.winning_cells} in all).`
            : ''),
      }),
    ];
    if (a.board.length) {
      parts.push(
        drawBoard(a.board, `the ${a.size}×${a.size} board`, (ch) =>
          ch === '*'
            ? { class: 'winning', text: '★' }
            : ch === 'w' || ch === 'b'
              ? { class: 'chain', text: ch.toUpperCase() }
              : { class: '', text: ch },
        ),
      );
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
    const label = (node) =>
      node.parent < 0
        ? `root 0: XOR of its children ${node.children_xor}`
        : `node ${node.node} (edge weight ${node.weight}): children XOR ${node.children_xor}, with its edge ${node.with_edge}`;
    // a node's children are built when it is opened (trees of 10,000 nodes)
    const build = (node, depth) => {
      const kids = children.get(node.node);
      if (!kids) return make('li', { text: label(node) });
      const details = make('details', {}, make('summary', { text: `${label(node)} (${kids.length} children)` }));
      const open = () => {
        if (details.dataset.built) return;
        details.dataset.built = 'true';
        details.append(make('ul', {}, ...kids.map((kid) => build(kid, depth + 1))));
      };
      details.addEventListener('toggle', open);
      if (depth < 2) {
        details.open = true;
        open();
      }
      return make('li', {}, details);
    };
    const root = a.subtrees.find((s) => s.parent < 0);
    return make(
      'div',
      {},
      make('p', {
        text:
          `Grundy value ${a.grundy}: ${a.winner === 'first' ? 'Emily (the first player) wins' : 'Jolly wins'}.` +
          (a.winning_moves.length
            ? ` Winning first moves: paint ${a.winning_moves.map((m) => m.edge.join('-')).join(', ')}.`
            : ''),
      }),
      make('ul', { class: 'tree' }, build(root, 0)),
      a.subtrees_omitted ? make('p', { class: 'note', text: `${a.subtrees_omitted} more subtrees not shown.` }) : '',
    );
  },

  numbergame(a) {
    const winning = new Set(a.winning_moves.map((m) => m.number));
    return make(
      'div',
      {},
      make('p', {
        text: winning.size ? 'Winning moves are marked (bold border, ✓).' : 'No move wins against perfect play.',
      }),
      make(
        'div',
        { class: 'chips' },
        ...a.available.map((x) =>
          make('span', {
            class: winning.has(x) ? 'chip win' : 'chip',
            text: winning.has(x) ? `${x} ✓` : String(x),
          }),
        ),
      ),
      make(
        'ul',
        {},
        ...a.moves.map((m) =>
          make('li', {
            text: `choose ${m.number}: ${m.wins ? 'wins' : 'loses'}, leaving ${m.leaves.length ? m.leaves.join(' ') : 'nothing'}`,
          }),
        ),
      ),
    );
  },
};
