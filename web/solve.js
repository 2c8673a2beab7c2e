// The Solve tab: the judge's output as soon as the solver is done, then the
// explanations (a second call), drawn lazily. Timings are kept in
// window.cgTimings for the browser test and bench/RESULTS.md.
import { $, ask, optionControl, optionLines, painted, showError } from './common.js';
import { showExplanations } from './explain.js';

let stopExplanations = () => {};
export const gameOptions = new Map(); // each game's own options, from cgw_games
window.cgTimings = {};

export function setUpSolve() {
  $('solve-game').addEventListener('change', updateSolveOptions);
  $('load-example').addEventListener('click', async () => {
    const response = await fetch(`examples/${$('solve-game').value}.in`);
    setInput(await response.text());
  });
  $('upload').addEventListener('change', async () => {
    const file = $('upload').files[0];
    if (file) setInput(await file.text(), file.name);
    $('upload').value = ''; // the same file again is a change too
  });
  $('solve-button').addEventListener('click', solve);
  $('input').addEventListener('paste', (event) => {
    const pasted = event.clipboardData.getData('text');
    if (pasted.length <= BIG_INPUT) return;
    event.preventDefault();
    setInput(pasted, 'the pasted text');
  });
  $('edit-whole').addEventListener('click', () => {
    const text = bigInput;
    setInput('');
    $('input').value = text; // slow for megabytes: the person asked for it
  });
  setUpJudgeButtons();
}

// The chosen game's own options, drawn from their declarations.
export function updateSolveOptions() {
  const options = gameOptions.get($('solve-game').value) ?? [];
  $('solve-options').replaceChildren(...options.map(optionControl));
}

async function solve() {
  const game = $('solve-game').value;
  const input = bigInput ?? $('input').value;
  const args = [game, input, optionLines($('solve-options'))];
  const timings = { bytes: input.length };
  window.cgTimings = timings;
  stopExplanations();
  $('explanations').replaceChildren();
  showJudge('');
  document.body.dataset.solved = 'false';
  let result;
  try {
    const asked = performance.now();
    result = await ask('cgw_solve', args);
    timings.solveWasm = result.seconds;
    timings.solveCall = (performance.now() - asked) / 1000;
  } catch {
    showError($('solve-error'), 'Cancelled.');
    return;
  }
  const received = performance.now();
  showJudge(result.judge ?? '');
  showError($('solve-error'), result.ok ? '' : describeError(result.error || 'the solver gave no answer'));
  await painted();
  timings.judgeShown = (performance.now() - received) / 1000;
  if (result.judge === undefined) {
    document.body.dataset.solved = 'true';
    return;
  }
  let explained;
  try {
    explained = await ask('cgw_explain', args);
  } catch {
    document.body.dataset.solved = 'true';
    return;
  }
  const explainedAt = performance.now();
  timings.explainWasm = explained.seconds;
  if (typeof explained.json !== 'string') {
    showError($('solve-error'), `No explanation: ${explained.error || 'the solver gave no answer'}`);
  } else {
    const lines = explained.json.split('\n').filter(Boolean);
    timings.cases = lines.length;
    stopExplanations = showExplanations($('explanations'), game, lines);
  }
  await painted();
  timings.explanationsShown = (performance.now() - explainedAt) / 1000;
  document.body.dataset.solved = 'true';
}

// A big input (a file, an example or a paste past BIG_INPUT) is kept here
// and only its beginning shown, read-only: a textarea holding megabytes
// takes seconds to lay out (8 s for 1.5 MB), far longer than the solve.
const BIG_INPUT = 256 * 1024;
const PREVIEW = 16 * 1024;
let bigInput = null;
function setInput(text, name = 'the input') {
  const big = text.length > BIG_INPUT;
  bigInput = big ? text : null;
  const box = $('input');
  box.readOnly = big;
  box.value = big ? text.slice(0, text.lastIndexOf('\n', PREVIEW) + 1) : text;
  $('big-input').hidden = !big;
  document.body.dataset.inputLength = String(text.length);
  if (big) {
    $('big-input-text').textContent =
      `${name}: ${(text.length / 1e6).toFixed(2)} MB, ${text.split('\n').length - 1} lines; only the beginning is shown (read-only).`;
  }
}

// The judge's output: its first lines at once, all of them on demand (laying
// out 10,005 lines takes longer than solving them).
const FIRST_LINES = 1000;
let judgeText = '';
function showJudge(text) {
  judgeText = text;
  let cut = 0; // just past the FIRST_LINES-th newline, or 0 if there are fewer
  for (let k = 0; k < FIRST_LINES; k++) {
    const next = text.indexOf('\n', cut);
    if (next < 0) {
      cut = 0;
      break;
    }
    cut = next + 1;
  }
  const whole = cut === 0 || cut >= text.length;
  $('judge-output').textContent = whole ? text : text.slice(0, cut);
  $('judge-all').hidden = whole;
  $('judge-download').hidden = !text;
  if (!whole) $('judge-all').textContent = `Show all ${text.split('\n').length - 1} lines`;
}

export function setUpJudgeButtons() {
  $('judge-all').addEventListener('click', () => {
    $('judge-output').textContent = judgeText;
    $('judge-all').hidden = true;
  });
  $('judge-download').addEventListener('click', () => {
    const url = URL.createObjectURL(new Blob([judgeText], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${$('solve-game').value}.out`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
}

// "<input>:2:3: expected ..." → "Line 2, column 3: expected ...", and the
// place selected in the text.
function describeError(message) {
  const match = /^<input>:(\d+):(\d+): (.*)$/s.exec(message) || /^<input>:(\d+): (.*)$/s.exec(message);
  if (!match) return message;
  const line = Number(match[1]);
  const column = match.length === 4 ? Number(match[2]) : 1;
  const text = bigInput ?? $('input').value;
  if (bigInput !== null) return `Line ${line}, column ${column}: ${match[match.length - 1]}`;
  let offset = 0;
  for (let k = 1; k < line && offset >= 0; k++) offset = text.indexOf('\n', offset) + 1;
  $('input').focus();
  $('input').setSelectionRange(offset + column - 1, offset + column);
  return `Line ${line}, column ${column}: ${match[match.length - 1]}`;
}
