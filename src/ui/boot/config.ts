// What the build tells the page's starter (starter.ts): the files it may ask for and the presets
// whose runs the build ships. Types only, so the build's own code (vite.config.ts,
// scripts/first-view.mjs) checks what it writes against the starter's reading of it.

/** What the build tells the starter (vite.config.ts). */
export interface StarterConfig {
  /** The page's script, './assets/index-….js'. */
  entry: string;
  /** The chunks the page's script imports, './assets/…', asked for with it. */
  imports: string[];
  /** Each view's chunks beyond the script's own, 'assets/…' (scripts/first-view.mjs, viewChunks);
   * `presets`: the file of the presets that do not come with the page. */
  chunks: Record<string, string[]>;
  /** The ids of the presets whose runs the build ships (dist/runs/ID.json). */
  presets: string[];
  /** The preset every page starts from (main.tsx opens it first). */
  fallback: string;
  /** The presets that come with the page (store/code/presets.ts). */
  withPage: string[];
  /** The engine's id, which a shipped run's address carries (store/code/shippedRuns.ts, shippedRunUrl). */
  engine: string;
  /** The version of the embed's first views (dist/first/ID.json), which their addresses carry. */
  embedVersion: string;
  /** The most messages held for the player before it listens (embed/early.ts, EARLY_MAX). */
  earlyMax: number;
}
