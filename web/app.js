// cgsolve's page: solve a judge input, play a game, see Grundy values. All
// the work is the C library's, compiled to WebAssembly and run in a worker
// (worker.js); these modules only ask and draw.
import { $, ask, cancel, make, startWorker } from './common.js';
import { setUpGrundy } from './grundy.js';
import { setUpPlay } from './play.js';
import { gameOptions, setUpSolve, updateSolveOptions } from './solve.js';

// Tabs in the WAI-ARIA pattern: one tab in the Tab order, arrows move
// between them (and select), Home and End go to the first and last.
function setUpTabs() {
  const tabs = [...document.querySelectorAll('[role="tab"]')];
  const select = (tab) => {
    for (const other of tabs) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      $(other.getAttribute('aria-controls')).hidden = !selected;
    }
    tab.focus();
  };
  tabs.forEach((tab, k) => {
    tab.addEventListener('click', () => select(tab));
    tab.addEventListener('keydown', (event) => {
      const to = { ArrowRight: k + 1, ArrowLeft: k - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      select(tabs[(to + tabs.length) % tabs.length]);
    });
  });
}

setUpTabs();
startWorker();
$('cancel').addEventListener('click', cancel);
setUpSolve();
setUpPlay();
setUpGrundy();
// The page gives no file names, and the module runs on one thread.
const pageCanGive = (option) => option.kind !== 'text' && option.name !== 'threads';

// The games are the library's catalog (cg_catalog): those solved from a judge
// input, and those played, which include the ones only played (grundy), named
// with the start of their summary.
ask('cgw_games', []).then((info) => {
  $('version').textContent = info.version;
  for (const g of info.games) {
    if (g.solvable) {
      $('solve-game').append(make('option', { value: g.name, text: g.name }));
      gameOptions.set(g.name, g.options.filter(pageCanGive));
    }
    const label = g.solvable ? g.name : `${g.summary.split(':')[0]} (${g.name})`;
    if (g.playable) $('play-game').append(make('option', { value: g.name, text: label, title: g.summary }));
  }
  $('play-game').dispatchEvent(new Event('change'));
  updateSolveOptions();
  document.body.dataset.ready = 'true';
});
