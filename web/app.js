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
ask('cgw_games', []).then((info) => {
  $('version').textContent = info.version;
  for (const g of info.games) {
    $('solve-game').append(make('option', { value: g.name, text: g.name }));
    gameOptions.set(g.name, g.options ?? []);
    if (g.playable) $('play-game').append(make('option', { value: g.name, text: g.name }));
  }
  $('play-game').append(make('option', { value: 'grundy', text: 'octal game (grundy)' }));
  $('play-game').dispatchEvent(new Event('change'));
  updateSolveOptions();
  document.body.dataset.ready = 'true';
});
