// The page's worker: it loads the WebAssembly module once and answers the
// page's requests ({id, call, args}) with the module's JSON ({id, result}),
// so long work never freezes the page; the page cancels by terminating it.
importScripts('cgsolve.js');

const SIGNATURES = {
  cgw_solve: ['string', 'string', 'number', 'number'],
  cgw_play: ['string', 'string', 'string', 'number', 'number'],
  cgw_grundy: ['string', 'number'],
  cgw_games: [],
};

const ready = createCgsolve();

self.onmessage = async (message) => {
  const { id, call, args } = message.data;
  const module = await ready;
  try {
    const pointer = module.ccall(call, 'number', SIGNATURES[call], args);
    const text = module.UTF8ToString(pointer);
    module.ccall('cgw_free', null, ['number'], [pointer]);
    self.postMessage({ id, result: JSON.parse(text) });
  } catch (error) {
    self.postMessage({ id, result: { ok: false, error: String(error) } });
  }
};
