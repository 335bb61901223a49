// The build's part in the page's start (the first-view plugin in vite.config.ts): which chunks
// each view's code needs, from Vite's manifest, and the page's starter, bundled from its
// TypeScript entry (src/ui/boot/inline.ts, with the link grammar it imports) into the text of
// index.html's one inline script. Invariant: the starter is built from the same modules the page
// reads its links with; nothing here is pasted in as text.
import { build } from 'vite';

/**
 * The chunks each view's code needs beyond the entry's own (which the starter asks for with it),
 * from Vite's manifest: the view's modules and their static imports, followed all the way down.
 * @param {Record<string, { file: string, name?: string, imports?: string[], isEntry?: boolean }>} manifest
 * @param {Record<string, string | string[]>} views view name → its module, or its modules (the
 *   view's own and what it imports when it opens), as the manifest names them; `chunk:NAME` names
 *   a chunk of vite.config.ts's groups (the manifest keys those by file, not by module)
 * @returns {Record<string, string[]>} view name → chunk files, relative to the site ('assets/…')
 */
export function viewChunks(manifest, views) {
  /** @param {string} key @param {Set<string>} into */
  const closure = (key, into) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const next of manifest[key]?.imports ?? []) closure(next, into);
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the manifest names no entry');
  const theEntry = closure(entry, new Set());
  /** @type {Record<string, string[]>} */
  const out = {};
  for (const [view, modules] of Object.entries(views)) {
    const into = new Set();
    for (const module of [modules].flat()) {
      const group = module.startsWith('chunk:') ? module.slice('chunk:'.length) : null;
      const key =
        group === null ? module : Object.keys(manifest).find((k) => k.startsWith('_') && manifest[k]?.name === group);
      if (key === undefined || !manifest[key])
        throw new Error(`the manifest has no chunk for the ${view} view (${module})`);
      closure(key, into);
    }
    out[view] = [...into]
      .filter((key) => !theEntry.has(key))
      .map((key) => /** @type {{ file: string }} */ (manifest[key]).file);
  }
  return out;
}

/**
 * The starter's text: index.html's own inline script (`head`, which marks a linked page) and then
 * src/ui/boot/inline.ts bundled into one minified script that imports nothing, with `config` in
 * place of FENCELAB_STARTER.
 * @param {{ root: string, head: string, config: import('../src/ui/boot/config').StarterConfig }} options
 *   root: the project's folder
 * @returns {Promise<string>}
 */
export async function starterScript({ root, head, config }) {
  const built = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    define: { FENCELAB_STARTER: JSON.stringify(config) },
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      rolldownOptions: { input: 'src/ui/boot/inline.ts', output: { format: 'iife' } },
    },
  });
  const outputs = [built].flat();
  const chunks = outputs.flatMap((out) => ('output' in out ? out.output : [])).filter((c) => c.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`the starter was bundled into ${chunks.length} files, not one`);
  const code = /** @type {import('vite').Rollup.OutputChunk} */ (chunks[0]).code.trim();
  return `${head.trim()}\n${code}`;
}
