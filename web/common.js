// What every part of the page shares: DOM helpers, the worker that runs the
// WebAssembly module (with a busy indicator, a cancel button and a restart
// after a trap), error boxes and the live region.

export const $ = (id) => document.getElementById(id);

export const SVG = 'http://www.w3.org/2000/svg';

function fill(node, attributes, children) {
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = value;
    else if (key === 'class') node.setAttribute('class', value);
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== '') node.append(child);
  return node;
}

export const make = (tag, attributes = {}, ...children) => fill(document.createElement(tag), attributes, children);
export const makeSvg = (tag, attributes = {}, ...children) =>
  fill(document.createElementNS(SVG, tag), attributes, children);

// ---- the worker ------------------------------------------------------------
let worker = null;
let pending = new Map();
let nextId = 1;

function failAll(reason) {
  for (const request of pending.values()) request.reject(new Error(reason));
  pending = new Map();
  setBusy(false);
}

export function startWorker() {
  worker = new Worker('worker.js');
  worker.onmessage = (message) => {
    const { id, result, trapped } = message.data;
    const request = pending.get(id);
    if (request) {
      pending.delete(id);
      request.resolve(result);
    }
    if (trapped) restartWorker();
    if (pending.size === 0) setBusy(false);
  };
  worker.onerror = () => {
    failAll('the solver stopped');
    restartWorker();
  };
}

function restartWorker() {
  worker.terminate();
  startWorker();
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

// Ask the module: resolves with its JSON answer ({ok, error, ...}, plus
// `seconds` spent in WebAssembly), rejects when cancelled.
export function ask(call, args) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    setBusy(true);
    worker.postMessage({ id, call, args });
  });
}

export function cancel() {
  worker.terminate();
  failAll('cancelled');
  startWorker();
}

export function showError(box, message) {
  box.hidden = !message;
  box.textContent = message || '';
}

// Said to a screen reader (and shown) once: the computer's moves, results.
export function announce(text) {
  const region = $('announce');
  region.textContent = '';
  // a change the next frame, so the same words twice are read twice
  requestAnimationFrame(() => {
    region.textContent = text;
  });
}

// ---- options: controls from their declarations, lines from the controls --
// An option as cgw_games lists it (cg_catalog's {name, kind, help, default,
// min, max, choices}; default null when none) becomes a control whose
// data-option names it; optionLines turns the controls under a node back
// into the command line's name/value lines
// ("max=12", "optimal"), which the module sets by name. A new option needs
// neither a control nor a line of code here.
export function optionControl(option) {
  const attributes = { 'data-option': option.name };
  if (option.kind === 'flag') {
    return make('label', {}, make('input', { type: 'checkbox', ...attributes }), ` ${option.help}`);
  }
  let input;
  if (option.kind === 'choice') {
    input = make('select', attributes, ...option.choices.map((word) => make('option', { value: word, text: word })));
    if (option.default) input.value = option.default;
  } else if (option.kind === 'int') {
    input = make('input', {
      type: 'number',
      min: option.min,
      max: option.max,
      value: option.default,
      size: 6,
      ...attributes,
    });
  } else {
    input = make('input', { value: option.default, size: 8, ...attributes });
  }
  return make('label', {}, `${option.help} `, input);
}

export function optionLines(node) {
  const lines = [];
  for (const control of node.querySelectorAll('[data-option]')) {
    const name = control.dataset.option;
    if (control.type === 'checkbox') {
      if (control.checked) lines.push(name);
    } else if (control.value.trim() !== '') {
      lines.push(`${name}=${control.value.trim()}`);
    }
  }
  return lines.join('\n');
}

// Resolves once the browser has painted what was just built.
export const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
