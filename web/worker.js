// sudokit's heavy work off the page's thread: rating a puzzle, explaining
// it, generating one, tracing an engine's search, and the warm-up after
// the page loads (app.js: warmUp). The page sends
// `{ id, request }` and gets `{ id, answer }` back, the same JSON as
// sudokit.js's `call` gives on the page.
import { loadSudokit } from './sudokit.js';

const ready = loadSudokit(new URL('sudokit.wasm', import.meta.url));

self.addEventListener('message', async ({ data: { id, request } }) => {
  let answer;
  try {
    answer = (await ready)(request);
  } catch (e) {
    answer = { ok: false, error: { where: 'request', what: `the worker failed: ${e}` } };
  }
  self.postMessage({ id, answer });
});
