// A module loader hook (test/runner/typescript.js): a TypeScript file imported as an ES module is loaded
// by Node's CommonJS loader, where @swc-node/register compiles it.
export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && /\.ts(\?|$)/.test(url)) return { format: 'commonjs', shortCircuit: true };
  return nextLoad(url, context);
}
