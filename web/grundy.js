// The Grundy tab: G(0..N) of an octal game as a plot (SVG; zoom by range,
// buttons or the wheel; a log heap axis), rare values marked when the
// engine used a rare/common mask, the proven period marked, a histogram,
// a virtualised table (only the rows in view exist) and a CSV download.
import { $, ask, make, makeSvg, showError } from './common.js';

export const MAX_UPTO = 5000000; // the page's own limit: 20 MB of values
export const MAX_MISERE_UPTO = 40; // misère: wild heaps past this cost minutes each
const POINTS = 2000; // above this many heaps in view, one bar per pixel column
const ROW = 26; // px of a table row (10 values)

let run = null; // {code, values: Uint32Array, analysis, from, to, log}

const popcount = (x) => {
  let count = 0;
  for (; x; x &= x - 1) count++;
  return count;
};
// rare: (value & mask) has an even number of bits (octal_engine.h)
const isRare = (value, mask) => mask !== 0 && popcount(value & mask) % 2 === 0;

function parseValues(text) {
  const values = new Uint32Array(text.length ? text.split('\n').length - 1 : 0);
  let k = 0;
  let v = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      values[k++] = v;
      v = 0;
    } else v = v * 10 + (c - 48);
  }
  return values.subarray(0, k);
}

export function setUpGrundy() {
  $('grundy-upto').max = String(MAX_UPTO);
  $('grundy-cap').textContent =
    `The page computes up to heap ${MAX_UPTO.toLocaleString('en')}; the plot and the table show every value.`;
  $('grundy-button').addEventListener('click', compute);
  $('grundy-log').addEventListener('change', () => {
    if (run) draw();
  });
  $('grundy-zoom-in').addEventListener('click', () => zoom(0.5));
  $('grundy-zoom-out').addEventListener('click', () => zoom(2));
  $('grundy-zoom-all').addEventListener('click', () => {
    if (run) setRange(0, run.values.length - 1);
  });
  $('grundy-range').addEventListener('submit', (event) => {
    event.preventDefault();
    setRange(Number($('grundy-from').value), Number($('grundy-to').value));
  });
  $('grundy-plot').addEventListener(
    'wheel',
    (event) => {
      if (!run) return;
      event.preventDefault();
      zoom(event.deltaY < 0 ? 0.8 : 1.25);
    },
    { passive: false },
  );
  $('grundy-csv').addEventListener('click', downloadCsv);
  $('grundy-table').addEventListener('scroll', drawRows);
  let resizing = null;
  window.addEventListener('resize', () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => {
      if (!run) return;
      draw();
      drawHistogram();
    }, 150);
  });
}

async function compute() {
  if ($('grundy-misere').checked) {
    await computeMisere();
    return;
  }
  $('grundy-misere-results').hidden = true;
  const upto = Math.floor(Number($('grundy-upto').value));
  if (!(upto >= 0 && upto <= MAX_UPTO)) {
    showError($('grundy-error'), `Choose a heap from 0 to ${MAX_UPTO.toLocaleString('en')}.`);
    return;
  }
  let result;
  try {
    const asked = performance.now();
    result = await ask('cgw_grundy', [$('grundy-code').value.trim(), upto]);
    window.cgGrundyTimings = { wasm: result.seconds, call: (performance.now() - asked) / 1000 };
  } catch {
    showError($('grundy-error'), 'Cancelled.');
    return;
  }
  const received = performance.now();
  showError($('grundy-error'), result.ok ? '' : result.error || 'the solver gave no answer');
  $('grundy-results').hidden = !result.ok;
  $('grundy-summary').textContent = '';
  if (!result.ok || typeof result.json !== 'string') return;
  const analysis = JSON.parse(result.json).analysis;
  const values = parseValues(result.values || '');
  run = { analysis, values, from: 0, to: values.length - 1 };
  const a = analysis;
  const period = a.period;
  $('grundy-summary').textContent =
    `${a.code}: G(0..${a.upto}), ${values.length.toLocaleString('en')} values` +
    (a.computed < values.length ? ` (${a.computed.toLocaleString('en')} computed, the rest from the period)` : '') +
    '; ' +
    (period
      ? `period ${period.period} from heap ${period.preperiod} (proven; marked on the plot, shaded in the table)`
      : 'no period proven within these values') +
    `; largest value ${a.largest_value} at heap ${a.largest_value_at}; checksum ${a.checksum}.` +
    (a.mask
      ? ` Rare/common split with mask ${a.mask}: ${a.rare_positions} rare positions (values v with an even number of bits in v AND ${a.mask}), the last at heap ${a.last_rare}, drawn as orange diamonds.`
      : '');
  drawHistogram();
  $('grundy-table-body').style.height = `${Math.ceil(values.length / 10) * ROW}px`;
  $('grundy-table').scrollTop = 0;
  drawRows();
  setRange(0, values.length - 1);
  window.cgGrundyTimings.drawn = (performance.now() - received) / 1000;
}

// Misère play: each heap's misère value, normal value, genus and tameness,
// as `cgsolve grundy CODE --misere --upto N --json` gives them.
async function computeMisere() {
  $('grundy-results').hidden = true;
  const upto = Math.floor(Number($('grundy-upto').value));
  if (!(upto >= 0 && upto <= MAX_MISERE_UPTO)) {
    showError($('grundy-error'), `In misère play, choose a heap from 0 to ${MAX_MISERE_UPTO}.`);
    $('grundy-misere-results').hidden = true;
    return;
  }
  let result;
  try {
    result = await ask('cgw_grundy_misere', [$('grundy-code').value.trim(), upto]);
  } catch {
    showError($('grundy-error'), 'Cancelled.');
    return;
  }
  showError($('grundy-error'), result.ok ? '' : result.error || 'the solver gave no answer');
  $('grundy-misere-results').hidden = !result.ok;
  $('grundy-summary').textContent = '';
  if (!result.ok || typeof result.json !== 'string') return;
  const a = JSON.parse(result.json).analysis;
  $('grundy-summary').textContent =
    `${a.code}, misère play: G−(0..${a.upto}) and the genus over ${a.terms} terms; ` +
    (a.first_wild === null ? `every heap up to ${a.upto} is tame` : `the first wild heap is ${a.first_wild}`) +
    `; checksum ${a.checksum}.`;
  $('grundy-misere-rows').replaceChildren(
    ...a.heaps.map((h) =>
      make(
        'tr',
        { class: h.tame ? 'tame' : 'wild', 'data-heap': h.heap },
        make('th', { scope: 'row', text: String(h.heap) }),
        make('td', { class: 'misere-value', text: String(h.misere) }),
        make('td', { text: String(h.normal) }),
        make('td', { class: 'genus', text: h.genus }),
        make('td', { text: h.tame ? 'tame' : 'wild' }),
      ),
    ),
  );
}

const plotWidthOf = (svg) => Math.max(320, Math.min(1100, Math.round(svg.getBoundingClientRect().width) || 800));

function zoom(factor) {
  if (!run) return;
  const middle = (run.from + run.to) / 2;
  const half = Math.max(5, ((run.to - run.from) * factor) / 2);
  setRange(Math.round(middle - half), Math.round(middle + half));
}

function setRange(from, to) {
  const last = run.values.length - 1;
  from = Math.max(0, Math.min(last, Math.floor(from) || 0));
  to = Math.max(from, Math.min(last, Math.floor(to) || 0));
  run.from = from;
  run.to = to;
  $('grundy-from').value = String(from);
  $('grundy-to').value = String(to);
  draw();
}

// The plot: a point per heap when few are in view, else a bar from the
// smallest to the largest value of each pixel column.
function draw() {
  const { values, analysis, from, to } = run;
  const log = $('grundy-log').checked;
  // drawn at the width it is shown, so its text stays readable on a phone
  const width = plotWidthOf($('grundy-plot'));
  const height = width < 600 ? 240 : 300;
  const left = 44;
  const bottom = 28;
  const plotWidth = width - left - 10;
  const plotHeight = height - bottom - 10;
  let top = 0;
  for (let n = from; n <= to; n++) if (values[n] > top) top = values[n];
  top = Math.max(top, 1);
  const fx = log ? (n) => Math.log10(n + 1) : (n) => n;
  const x0 = fx(from);
  const span = Math.max(fx(to) - x0, 1e-9);
  const px = (n) => left + ((fx(n) - x0) / span) * plotWidth;
  const py = (g) => 10 + plotHeight - (g / top) * plotHeight;
  const svg = $('grundy-plot');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const layers = [];
  const period = analysis.period;
  if (period && period.preperiod <= to) {
    // the first period shaded, each repetition a thin line while few are in view
    const start = period.preperiod;
    const end = start + period.period;
    if (end >= from) {
      const x = px(Math.max(from, start));
      layers.push(
        makeSvg('rect', {
          class: 'period-band',
          x,
          y: 10,
          width: Math.max(1, px(Math.min(to, end)) - x),
          height: plotHeight,
        }),
      );
    }
    const first = Math.max(1, Math.ceil((from - start) / period.period));
    const last = Math.floor((to - start) / period.period);
    if (last - first < 60) {
      for (let k = first; k <= last; k++) {
        const x = px(start + k * period.period);
        layers.push(makeSvg('line', { class: 'period-repeat', x1: x, x2: x, y1: 10, y2: 10 + plotHeight }));
      }
    }
    if (start >= from) {
      layers.push(
        makeSvg('line', { class: 'period-start', x1: px(start), x2: px(start), y1: 10, y2: 10 + plotHeight }),
      );
    }
    layers.push(
      makeSvg('text', {
        class: 'plot-label period-label',
        x: start >= from ? Math.min(px(start) + 4, width - 200) : left + 4,
        y: 24,
        text: `period ${period.period} from heap ${start}${start < from ? ' (before this range)' : ''}`,
      }),
    );
  }
  const mask = analysis.mask;
  const points = makeSvg('g', { class: 'points' });
  const rare = makeSvg('g', { class: 'rare' });
  const diamond = (n, g) =>
    makeSvg(
      'path',
      { d: `M${px(n)} ${py(g) - 5}l5 5l-5 5l-5 -5z`, 'data-n': n, 'data-g': g },
      makeSvg('title', { text: `G(${n}) = ${g} (rare)` }),
    );
  if (to - from + 1 <= POINTS) {
    for (let n = from; n <= to; n++) {
      const g = values[n];
      if (isRare(g, mask)) rare.append(diamond(n, g));
      else
        points.append(
          makeSvg(
            'circle',
            { cx: px(n), cy: py(g), r: to - from < 200 ? 3 : 1.6, 'data-n': n, 'data-g': g },
            makeSvg('title', { text: `G(${n}) = ${g}` }),
          ),
        );
    }
  } else {
    const low = new Float64Array(plotWidth + 1).fill(Infinity);
    const high = new Float64Array(plotWidth + 1).fill(-Infinity);
    let rareShown = 0;
    for (let n = from; n <= to; n++) {
      const column = Math.round(px(n) - left);
      const g = values[n];
      if (g < low[column]) low[column] = g;
      if (g > high[column]) high[column] = g;
      if (mask && rareShown < POINTS && isRare(g, mask)) {
        rare.append(diamond(n, g));
        rareShown++;
      }
    }
    let d = '';
    for (let c = 0; c <= plotWidth; c++) {
      if (low[c] === Infinity) continue;
      d += `M${left + c + 0.5} ${py(low[c]) + 1}V${py(high[c]) - 1}`;
    }
    points.append(makeSvg('path', { class: 'columns', d }));
  }
  // axes with a few ticks
  const axes = makeSvg(
    'g',
    { class: 'axes' },
    makeSvg('line', { x1: left, x2: left, y1: 10, y2: 10 + plotHeight }),
    makeSvg('line', { x1: left, x2: left + plotWidth, y1: 10 + plotHeight, y2: 10 + plotHeight }),
    makeSvg('text', {
      x: left + plotWidth / 2,
      y: height - 2,
      'text-anchor': 'middle',
      text: log ? 'heap n (log scale)' : 'heap n',
    }),
    makeSvg('text', {
      x: 12,
      y: 10 + plotHeight / 2,
      'text-anchor': 'middle',
      transform: `rotate(-90 12 ${10 + plotHeight / 2})`,
      text: 'G(n)',
    }),
  );
  for (let k = 0; k <= 4; k++) {
    const g = Math.round((top * k) / 4);
    axes.append(makeSvg('text', { x: left - 4, y: py(g) + 4, 'text-anchor': 'end', text: String(g) }));
    const n = log ? Math.round(10 ** (x0 + (span * k) / 4) - 1) : Math.round(from + ((to - from) * k) / 4);
    axes.append(
      makeSvg('text', {
        x: px(n),
        y: 10 + plotHeight + 14,
        'text-anchor': k === 0 ? 'start' : k === 4 ? 'end' : 'middle',
        text: n.toLocaleString('en'),
      }),
    );
  }
  svg.replaceChildren(makeSvg('title', { text: `G(n) for n from ${from} to ${to}` }), ...layers, points, rare, axes);
  svg.dataset.from = String(from);
  svg.dataset.to = String(to);
}

function drawHistogram() {
  const { values, analysis } = run;
  const counts = new Float64Array(analysis.largest_value + 1);
  for (const v of values) counts[v]++;
  const bins = Math.min(counts.length, 128);
  const per = Math.ceil(counts.length / bins);
  const binned = new Float64Array(bins);
  for (let v = 0; v < counts.length; v++) binned[Math.floor(v / per)] += counts[v];
  const most = Math.max(...binned, 1);
  const width = plotWidthOf($('grundy-histogram'));
  const height = 160;
  const barWidth = (width - 50) / bins;
  const svg = $('grundy-histogram');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const bars = [];
  binned.forEach((count, b) => {
    const h = (count / most) * (height - 40);
    const label = per === 1 ? `value ${b}` : `values ${b * per}–${Math.min(counts.length - 1, b * per + per - 1)}`;
    const rare = per === 1 && isRare(b, analysis.mask);
    bars.push(
      makeSvg(
        'rect',
        {
          class: rare ? 'bar rare-bar' : 'bar',
          x: 40 + b * barWidth,
          y: height - 20 - h,
          width: Math.max(1, barWidth - 1),
          height: h,
          'data-value': b,
          'data-count': count,
        },
        makeSvg('title', { text: `${label}: ${count} heaps` }),
      ),
    );
  });
  const labels = [];
  if (per === 1 && bins <= 40) {
    binned.forEach((count, b) =>
      labels.push(
        makeSvg('text', {
          x: 40 + b * barWidth + barWidth / 2,
          y: height - 6,
          'text-anchor': 'middle',
          text: String(b),
        }),
      ),
    );
  } else {
    labels.push(
      makeSvg('text', { x: 40, y: height - 4, text: '0' }),
      makeSvg('text', { x: width - 10, y: height - 4, 'text-anchor': 'end', text: `value ${counts.length - 1}` }),
    );
  }
  svg.replaceChildren(
    makeSvg('title', { text: 'How many heaps have each value' }),
    ...bars,
    ...labels,
    makeSvg('text', { x: 40, y: 12, text: `most common: ${most.toLocaleString('en')} heaps` }),
  );
}

// Only the rows in view (and a few around) exist.
function drawRows() {
  if (!run) return;
  const { values, analysis } = run;
  const box = $('grundy-table');
  const rows = Math.ceil(values.length / 10);
  const first = Math.max(0, Math.floor(box.scrollTop / ROW) - 5);
  const last = Math.min(rows, first + Math.ceil(box.clientHeight / ROW) + 10);
  const period = analysis.period;
  const table = make('table', { class: 'values', style: `top: ${first * ROW}px` });
  for (let row = first; row < last; row++) {
    const tr = make('tr', { 'aria-rowindex': row + 2 }, make('th', { scope: 'row', text: String(row * 10) }));
    for (let k = 0; k < 10; k++) {
      const n = row * 10 + k;
      if (n >= values.length) break;
      const classes = [];
      if (period && n >= period.preperiod) classes.push('periodic');
      if (period && n === period.preperiod) classes.push('period-start');
      if (isRare(values[n], analysis.mask)) classes.push('rare');
      tr.append(make('td', { class: classes.join(' '), text: String(values[n]) }));
    }
    table.append(tr);
  }
  $('grundy-table-rows').replaceChildren(table);
  $('grundy-table-head').setAttribute('aria-rowcount', String(rows + 1));
}

function downloadCsv() {
  if (!run) return;
  const parts = ['n,G(n)\n'];
  const { values } = run;
  for (let start = 0; start < values.length; start += 65536) {
    let chunk = '';
    for (let n = start; n < Math.min(values.length, start + 65536); n++) chunk += `${n},${values[n]}\n`;
    parts.push(chunk);
  }
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv' }));
  const link = make('a', { href: url, download: `grundy-${run.analysis.code}-0-${values.length - 1}.csv` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
