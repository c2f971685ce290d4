// The page's door into sudokit.wasm: loads the module and turns each call
// into one JSON request and answer over its C ABI (see crates/sudokit-wasm).

/** Loads sudokit.wasm from `source` (a URL, or the file's bytes) and returns
 *  `call(request) -> answer`, both plain objects. */
export async function loadSudokit(source) {
  const { instance } = typeof source === 'string' || source instanceof URL
    ? await WebAssembly.instantiateStreaming(fetch(source), {})
    : await WebAssembly.instantiate(source, {});
  const { memory, sk_alloc: alloc, sk_call: callRaw, sk_free: free } = instance.exports;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return function call(request) {
    const bytes = encoder.encode(JSON.stringify(request));
    const input = alloc(bytes.length);
    new Uint8Array(memory.buffer, input, bytes.length).set(bytes);
    const output = callRaw(input, bytes.length);
    free(input, bytes.length);
    const length = new DataView(memory.buffer).getUint32(output, true);
    const text = decoder.decode(new Uint8Array(memory.buffer, output + 4, length));
    free(output, length + 4);
    return JSON.parse(text);
  };
}
