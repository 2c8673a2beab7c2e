// The page's worker: it loads the WebAssembly module once and answers the
// page's requests ({id, call, args}) with the module's JSON ({id, result}),
// so long work never freezes the page; the page cancels by terminating it.
// Strings go to the module through malloc'd memory, not the 5 MB wasm stack
// (ccall's 'string' copies onto the stack: inputs past ~1.25 MB trapped).
// After a trap the module's memory cannot be trusted: the answer says
// `trapped` and the page starts a new worker.
importScripts('cgsolve.js');

const SIGNATURES = {
  cgw_solve: ['string', 'string', 'string'],
  cgw_explain: ['string', 'string', 'string'],
  cgw_play: ['string', 'string', 'string', 'string'],
  cgw_grundy: ['string', 'number'],
  cgw_grundy_misere: ['string', 'number'],
  cgw_games: [],
};

const ready = createCgsolve();

function toHeap(module, text) {
  const size = module.lengthBytesUTF8(text) + 1;
  const pointer = module._malloc(size);
  if (!pointer) throw new Error('out of memory copying the input');
  module.stringToUTF8(text, pointer, size);
  return pointer;
}

self.onmessage = async (message) => {
  const { id, call, args } = message.data;
  const module = await ready;
  const copies = [];
  let trapped = false;
  try {
    const types = SIGNATURES[call];
    const values = args.map((value, k) => {
      if (types[k] !== 'string') return value;
      const pointer = toHeap(module, String(value));
      copies.push(pointer);
      return pointer;
    });
    const started = performance.now();
    const pointer = module.ccall(
      call,
      'number',
      types.map(() => 'number'),
      values,
    );
    const seconds = (performance.now() - started) / 1000;
    if (!pointer) throw new Error('the module gave no answer (out of memory?)');
    const text = module.UTF8ToString(pointer);
    module._cgw_free(pointer);
    const result = JSON.parse(text);
    result.seconds = seconds;
    self.postMessage({ id, result });
  } catch (error) {
    trapped = error instanceof WebAssembly.RuntimeError || /abort|memory access/i.test(String(error));
    self.postMessage({ id, result: { ok: false, error: `the solver failed: ${error.message || error}` }, trapped });
  } finally {
    if (!trapped) for (const pointer of copies) module._free(pointer);
  }
};
