// Build, dev server and unit-test settings. `base: './'` makes every asset URL relative, so the
// built site in dist/ works from any path: a docs subfolder, an iframe, a file server.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rollup } from 'vite';
import { starterScript, viewChunks } from './scripts/first-view.mjs';
import { defineConfig } from 'vitest/config';

type OutputChunk = Rollup.OutputChunk;

/**
 * index.html's Content-Security-Policy is for the built site; the dev server's client (React
 * refresh's inline preamble, the HMR socket) would break under it, so `vite` (serve) drops it.
 */
const cspForBuildOnly = (): Plugin => ({
  name: 'fencelab:csp-build-only',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/, ''),
});

/**
 * The engine's sources, hashed: a shipped run names the engine that computed it, and the page uses
 * only one its own engine computed, so a cached run from an earlier build is never shown.
 */
const ENGINE_ID = (() => {
  const hash = createHash('sha256');
  const dir = resolve(import.meta.dirname, 'src/engine');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort();
  for (const f of files) hash.update(f).update(readFileSync(join(dir, f)));
  return hash.digest('hex').slice(0, 16);
})();

/**
 * After a build, every preset's run goes into dist/runs (scripts/shipped-runs.ts), computed by the
 * same engine the site ships: a page opening an unchanged preset draws it from there at once.
 */
const shippedRuns = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'fencelab:shipped-runs',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (buildFailed) return; // nothing was written: the build's own error is the one to show
      const tsx = createRequire(import.meta.url).resolve('tsx/cli');
      const run = spawnSync(process.execPath, [tsx, 'scripts/shipped-runs.ts', outDir, ENGINE_ID], {
        stdio: 'inherit',
      });
      if (run.status !== 0) throw new Error('writing the shipped runs failed (scripts/shipped-runs.ts)');
    },
  };
};

/** What main.tsx imports on every page, though not statically (so it is evaluated in a task of its own). */
const ENTRY_IMPORTS_LATER = 'node_modules/react-dom/client.js';

/** Every preset (src/ui/store/code/presets.ts fetches it where the page's own three are not enough): the
 * 'presets' group's chunk, below. */
const PRESETS_MODULE = 'chunk:presets';

/** Every strategy's model (src/engine/models/loaders.ts fetches each), and the simulator. */
const MODEL_MODULES = [
  'src/engine/surfaces/simulator.ts',
  ...['generic', 'etcd', 'zookeeper', 'redlock', 'chubby', 'qjm'].map((name) => `src/engine/models/${name}.ts`),
];

/**
 * Each view's module (src/ui/views.ts loads it when the view is first shown), as the manifest names
 * it. A lesson link also needs the lessons themselves and every model with the simulator (which
 * the session fetches as it opens the lesson: src/ui/lessons/catalogue.ts): asked for at once, not
 * once the page has run.
 */
const VIEW_MODULES = {
  lab: ['src/ui/App.tsx', PRESETS_MODULE],
  lesson: ['src/ui/lessons/LessonView.tsx', 'src/engine/surfaces/lessons.ts', ...MODEL_MODULES, PRESETS_MODULE],
  recorded: 'src/ui/recorded/RecordedView.tsx',
  embed: 'src/ui/embed/EmbedView.tsx',
  // Not a view: what an embed link naming a preset that does not come with the page also needs.
  presets: PRESETS_MODULE,
};

/**
 * The lab's first view drawn into index.html's #root at build time (src/ui/prerender.tsx, built
 * for Node and run here), so a phone on a slow network shows the default run as soon as the HTML
 * arrives (it carries the style sheet); main.tsx then takes it over as it is (hydrates it) where the
 * page has no link, and draws its own view over it otherwise. The inline script (which hides it for
 * a link to anything else, asks early for what the link draws, and starts the page's own script
 * once the first view is on the screen: src/ui/boot/starter.ts, bundled by scripts/first-view.mjs)
 * and the inline style sheet are allowed by their hashes in the Content-Security-Policy.
 */
const firstView = (): Plugin => {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'fencelab:first-view',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved: (config) => {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (buildFailed) return; // as shippedRuns's
      const cache = join(root, 'node_modules/.cache/first-view');
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        build: {
          ssr: 'src/ui/prerender.tsx',
          outDir: cache,
          emptyOutDir: true,
          // One file: a chunk it imported would import it back by its plain name, a second copy
          // beside the one imported below by a name of its own (its stores not the ones set).
          rolldownOptions: { output: { entryFileNames: 'prerender.mjs', codeSplitting: false } },
        },
      });
      const module = `${pathToFileURL(join(cache, 'prerender.mjs')).href}?at=${Date.now()}`;
      const { renderFirstView, renderEmbedFirstViews, shippedPresets, EARLY_MAX } = (await import(module)) as {
        renderFirstView: () => Promise<string>;
        renderEmbedFirstViews: () => Promise<{ css: string; cssFile: string; views: EmbedFirstView[] }>;
        shippedPresets: () => { ids: string[]; fallback: string; withPage: string[] };
        EARLY_MAX: number;
      };
      const view = await renderFirstView();
      refuseStyleAttributes(view, 'the first view');
      const embedVersion = writeEmbedFirstViews(outDir, await renderEmbedFirstViews());
      const file = join(outDir, 'index.html');
      const page = readFileSync(file, 'utf8');
      if (!page.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root');
      // The page's one style sheet (cssCodeSplit: false) comes inside the page, allowed by its hash:
      // the first view is drawn as the lab will draw it, with no second request before the first
      // paint. With the sheet still on its way, Chromium lays the page out unstyled once the HTML
      // is parsed (a <select> makes it), then again styled: time lost on a slow network.
      // The sheet's file stays in dist/assets, for whoever wants the styles as a file: no page
      // loads it.
      const sheets = [...page.matchAll(/<link rel="stylesheet" crossorigin href="\.\/([^"]+\.css)">/g)];
      const built = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.css'));
      if (sheets.length !== 1 || built.length !== 1)
        throw new Error(
          `the build wrote ${built.length} style sheets and links ${sheets.length}: one of each is inlined`,
        );
      const [link, sheetFile] = sheets[0]!;
      const css = readFileSync(join(outDir, sheetFile!), 'utf8').trim();
      // A url() or @import would resolve against the page, not dist/assets, once inside it.
      if (/<\/style|url\(|@import/i.test(css))
        throw new Error('the style sheet cannot be inlined: it has </style, url( or @import');
      const styleHash = createHash('sha256').update(css).digest('base64');
      // The page's script starts once the first view is on the screen, not before: a module script
      // that has already arrived would otherwise run before the first paint, and the first view
      // would wait for it. The inline script asks for it then, with the chunks it imports and the code of
      // the view the link opens; it asks at once for the runs the link draws (src/ui/boot/starter.ts).
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(page);
      if (!entry) throw new Error("dist/index.html has no module script for the page's entry");
      const inline = /<script>([\s\S]*?)<\/script>/.exec(page);
      if (!inline) throw new Error('index.html has no inline script (the one that hides the first view for a link)');
      // Vite's links to the chunks the entry imports: the starter asks for them itself, with the
      // entry, once the first frame is drawn.
      const importLinks = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Parameters<
        typeof viewChunks
      >[0];
      // With them, what the entry always imports when it runs (main.tsx: React DOM).
      const imports = [
        ...[...page.matchAll(importLinks)].map((link) => link[1]!),
        ...viewChunks(manifest, { always: ENTRY_IMPORTS_LATER }).always!.map((file) => `./${file}`),
      ];
      const presets = shippedPresets();
      const starter = await starterScript({
        root,
        head: inline[1]!,
        config: {
          entry: entry[1]!,
          imports,
          chunks: viewChunks(manifest, VIEW_MODULES),
          presets: presets.ids,
          fallback: presets.fallback,
          withPage: presets.withPage,
          engine: ENGINE_ID,
          embedVersion,
          earlyMax: EARLY_MAX,
        },
      });
      const hash = createHash('sha256').update(starter).digest('base64');
      const html = page
        .replace(/<!--[\s\S]*?-->\s*/g, '')
        .replace(entry[0], '')
        .replace(importLinks, '')
        // Replaced by functions: a string replacement would expand any $& or $' in the text.
        .replace(inline[0], () => `<script>${starter}</script>`)
        .replace("script-src 'self'", `script-src 'self' 'sha256-${hash}'`)
        .replace("style-src 'self'", `style-src 'self' 'sha256-${styleHash}'`)
        .replace(link, () => `<style>${css}</style>`)
        // inert: its buttons cannot be used before the page has taken it over (or drawn its own).
        .replace('<div id="root"></div>', () => `<div id="root"><div class="first-view" inert>${view}</div></div>`);
      if (!html.includes(`'sha256-${hash}'`) || !html.includes(`'sha256-${styleHash}'`))
        throw new Error(
          "the Content-Security-Policy in dist/index.html does not name the inline script's and style's hashes",
        );
      writeFileSync(file, html);
    },
  };
};

/** One preset's embed first view: src/ui/prerender.tsx's EmbedFirstView (this file cannot import a .tsx). */
interface EmbedFirstView {
  preset: string;
  link: string;
  file: string;
  html: string;
}

/**
 * The embed player's first views (src/ui/prerender.tsx, renderEmbedFirstViews), one file per
 * preset, dist/first/ID.json (src/ui/boot/embedFirst.ts, embedFirstFile, names it), holding the markup
 * and the link it is of, which the page's starter checks before showing it, and the embed's own
 * style sheet for them all (`cssFile`).
 * Returns their version (a hash of them all), which the starter puts in their address, so a file
 * cached from another build is not asked for.
 */
function writeEmbedFirstViews(
  outDir: string,
  { css, cssFile, views }: { css: string; cssFile: string; views: EmbedFirstView[] },
): string {
  const version = createHash('sha256');
  for (const { preset, link, file: path, html } of views) {
    refuseStyleAttributes(html, `the embed's first view of ${link}`);
    const file = join(outDir, path);
    mkdirSync(dirname(file), { recursive: true });
    const text = JSON.stringify({ preset, link, html });
    writeFileSync(file, text);
    version.update(text);
  }
  // One copy of the sheet for them all, which a browser keeps for the next embed (3.4 kB each).
  writeFileSync(join(outDir, cssFile), css);
  version.update(css);
  return version.digest('hex').slice(0, 12);
}

/** style-src has no 'unsafe-inline': a style attribute in HTML the build writes would be refused, loudly. */
function refuseStyleAttributes(html: string, what: string): void {
  if (/\sstyle="/.test(html)) throw new Error(`${what} has a style attribute, which the CSP refuses`);
}

/**
 * The presets that do not come with the page (src/ui/store/code/presets.ts): one file, fetched by the
 * lab and a lesson as they open, by an embed only when it needs one of them. Every module of
 * src/engine/presets/ but the default run's (canonical.ts, with build.ts, which the page holds) and
 * the what-if builder (whatIf.ts, not a preset), so a new file of presets joins them by itself.
 */
const OTHER_PRESETS = /\/src\/engine\/(presets\/(?!(canonical|build|whatIf)\.ts$)[^/]+|surfaces\/presets)\.ts$/;

/** Set when presetsOnDemand refuses the bundle: the plugins that work on what was written (their
 * closeBundle hooks, which Vite runs even then) do nothing, so its error is the one shown. */
let buildFailed = false;

/**
 * After bundling: what the embed's first render loads (the page's entry, the embed view's chunk,
 * and every chunk they import statically, 'page' among them) holds none of the presets that are
 * to come on demand. One import of the engine's `findPreset` or `PRESETS` in the store, the entry
 * or the embed would quietly put all 40 back into its first render (8 kB gzipped): the build
 * fails instead, naming the chunk and the modules.
 */
const presetsOnDemand = (): Plugin => ({
  name: 'fencelab:presets-on-demand',
  apply: 'build',
  buildStart() {
    buildFailed = false;
  },
  generateBundle(_, bundle) {
    const chunks = new Map<string, OutputChunk>();
    for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
    const firstRender = new Set<OutputChunk>();
    const visit = (chunk: OutputChunk | undefined) => {
      if (!chunk || firstRender.has(chunk)) return;
      firstRender.add(chunk);
      for (const file of chunk.imports) visit(chunks.get(file));
    };
    for (const chunk of chunks.values())
      if (chunk.isEntry || chunk.facadeModuleId?.endsWith('/src/ui/embed/EmbedView.tsx')) visit(chunk);
    for (const chunk of firstRender) {
      const wrong = Object.keys(chunk.modules).filter((id) => OTHER_PRESETS.test(id));
      if (!wrong.length) continue;
      buildFailed = true;
      throw new Error(
        `the embed's first render would load the presets meant to be fetched on demand (${chunk.fileName}: ${wrong.join(', ')}): import them from src/ui/store/code/presets.ts, not from the engine`,
      );
    }
  },
});

/** The modules of the 'page' chunk (with what they import): see its group, below. */
const PAGE_MODULES = new RegExp(
  [
    // What the strategies say about themselves (names, knobs, parties), which every page needs,
    // with the rest of the engine's core: left alone, the bundler makes a small chunk of each
    // strategy, shared by the core and that strategy's model. With them what every page's
    // narration and verdict read of a journal edit (trace/edits.ts): left alone, it goes with the
    // narration's chunk, and the embed would fetch all of it for two functions.
    // Not what the lab says about them (strategies/about/), which only the lab's panels show.
    String.raw`/src/engine/(core|protocol)/|/src/engine/strategies/[^/]+\.ts$|/src/engine/models/loaders\.ts$|/src/engine/trace/edits\.ts$`,
    String.raw`/node_modules/(react|zustand)/`,
    String.raw`/src/ui/(timeline/Timeline|narration/Narration|controls/Transport|header/ErrorBanner)\.tsx$`,
    // The narration with its height kept (the embed's and a lesson's): a file of its own else.
    String.raw`/src/ui/narration/FittedNarration\.tsx$`,
    String.raw`/src/ui/store/(context\.tsx|shown\.ts|code/(presetOf|presets|shippedRuns)\.ts|link/url\.ts)$`,
    String.raw`/src/ui/recorded/route\.ts$`,
    String.raw`/src/ui/controls/useKeyboard\.ts$`,
    // What adds a view's own styles (a lesson's, the recordings', the embed's): a file of its own else.
    String.raw`/src/ui/styles/adopt\.ts$`,
    // The default run's presets (the others: OTHER_PRESETS, below).
    String.raw`/src/engine/(presets/(canonical|build)|comparison/carry)\.ts$`,
  ].join('|'),
);

/**
 * The engine is pure: its modules do nothing when imported but define things. Saying so lets the
 * bundler drop a module nothing is imported from: the core barrel's re-export of the simulator
 * otherwise brought it into every first render, and its re-export of the models' loaders put them
 * (and a lazy wrapper round each model) into the workers, which link every model in.
 */
const ENGINE_IS_PURE = {
  moduleSideEffects: (id: string) => (/\/src\/engine\//.test(id) ? false : undefined),
};

export default defineConfig({
  base: './',
  define: { 'import.meta.env.FENCELAB_ENGINE': JSON.stringify(ENGINE_ID) },
  plugins: [react(), cspForBuildOnly(), shippedRuns(), firstView(), presetsOnDemand()],
  // No modulepreload polyfill: every browser the lab supports has modulepreload, so it would be
  // 0.4 kB of dead code (Vite's preload helper still loads a lazy chunk's imports with it).
  // The manifest (dist/.vite/manifest.json) names the chunk of each lazily loaded module, so
  // e2e/weight.spec.ts can tell which of them a page loaded.
  worker: { rolldownOptions: { treeshake: ENGINE_IS_PURE } },
  build: {
    modulePreload: { polyfill: false },
    // One style sheet for the page (27 kB, 7 kB gzipped), which the page carries inside it (the
    // first-view plugin above): no view waits for a sheet of its own when its code arrives. A view
    // that has styles only it uses (a lesson, the recordings, the embed) carries them in its code
    // (styles/adopt.ts): with them, the page no longer came in one round trip.
    cssCodeSplit: false,
    manifest: true,
    rolldownOptions: {
      treeshake: ENGINE_IS_PURE,
      output: {
        codeSplitting: {
          groups: [
            // What every view's first render needs: React, the store's hooks, the presets, what
            // every view draws (the timeline, the narration line, the transport, the error banner),
            // with all they import, and the engine's core. Left alone, the bundler makes a small
            // chunk of each module that the page's entry shares with a view (it does not know the
            // entry is always there first), and the embed's first render asks for many files. Over
            // HTTP/1.1 a browser fetches 6 at a time from one server, so each 6 more cost a slow
            // phone another round trip before anything is drawn.
            { name: 'page', test: PAGE_MODULES },
            // Every preset but the default run's, in one file (presetsOnDemand, above).
            { name: 'presets', test: OTHER_PRESETS },
            // What the lab says about each strategy (its panel, the comparison, the recordings).
            { name: 'strategy-words', test: /\/src\/engine\/strategies\/about\// },
            // The narration (which the lab's first render needs, for its event table; the embed's
            // does not), apart from the simulator that also uses it: left alone, the bundler puts
            // the two in one chunk, and the simulator, which comes with the first model a page
            // fetches (src/ui/store/code/loading.ts), with the page. What every page needs to list
            // tokens (tokenList) is in protocol/tokens.ts, with the core, not here.
            { name: 'narration', test: /\/src\/engine\/trace\/(narrate|narrateSystems|text)\.ts$/ },
          ],
        },
      },
    },
  },
  test: {
    // Most tests exercise the DOM-free engine and pure layout code; a UI test that needs a DOM
    // opts in with a `// @vitest-environment jsdom` comment at its top.
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    // Property tests run hundreds of simulations each; on a shared 2-core machine running test
    // files in parallel, 5 s is not a bound on correctness, only on load.
    testTimeout: 60_000,
  },
});
