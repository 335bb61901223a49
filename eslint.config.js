// Lint for the whole repo, and the architecture's boundaries as rules:
// - src/engine imports only `xstate` (in machines/ alone) and itself, and never reads the DOM, the
//   real clock or real randomness: that is what keeps `trace = simulate(scenario)` deterministic.
// - inside src/engine, each folder is a layer and imports only the layers below it (ENGINE_LAYERS);
//   a type-only import may cross, where a type lives above its use. No engine source imports
//   index.ts (tests may: they call the engine as its callers do).
// - src/ui, src/cli and src/record (the Node-only recorder) reach the engine only through its
//   public surfaces: src/engine/index.ts (the core) and src/engine/surfaces/* (loaded when used).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ENGINE_SOURCES = ['src/engine/**/*.{ts,tsx}'];
const ENGINE_TESTS = ['src/engine/**/*.test.{ts,tsx}'];

/**
 * The engine's layers, bottom first: a folder may import its own files and the folders of the
 * layers before it, never a sibling in its own layer or anything above. index.ts is the top.
 */
const ENGINE_LAYERS = [
  ['core'], // scenario and trace types, defaults, party ids, the party contract
  ['protocol', 'kernel'], // the issue and compare rules; queue, rng, clocks, network
  ['machines'], // one XState machine per party kind: the only place that imports xstate
  ['strategies', 'trace'], // parties per system; recording, the invariant oracle, narration
  ['models', 'actions'], // each strategy's parties with their machines; each kind of timed action
  ['simulate', 'reference'], // the scheduler loop; the plain-reducer twin of the machines
  ['validation', 'comparison', 'presets', 'workload'],
  ['search'], // the Break it search: fault schedules over a scenario, fewest faults first
  ['lessons'], // walkthroughs: chapters of runs, narration and questions read from the trace
  ['recorded'], // runs against real servers: their format, the model's schedule, as a trace
  ['surfaces'], // the public surfaces a page loads when first used (lessons, comparison, ...)
];

/**
 * Forbids every import that is not relative (react, zustand, d3-*, fs, node:*, ...), except the
 * packages named in `allowed`.
 * @param {string[]} allowed
 * @returns {import('eslint').Linter.RuleEntry}
 */
const engineImportRule = (allowed) => [
  'error',
  {
    patterns: [
      {
        regex: allowed.length ? `^(?!\\.{1,2}/|(${allowed.join('|')})(/|$))` : '^(?!\\.{1,2}/)',
        message:
          "src/engine imports only its own files (relative paths), and machines/ alone imports 'xstate': no UI library, no Node module, nothing with I/O.",
      },
    ],
  },
];

/**
 * One config per engine folder: it may not import the folders of its own layer or of any layer
 * above, nor index.ts, except with `import type`.
 * @returns {import('eslint').Linter.Config[]}
 */
const engineLayerConfigs = () =>
  ENGINE_LAYERS.flatMap((layer, rank) =>
    layer.map((folder) => {
      const above = ENGINE_LAYERS.slice(rank)
        .flat()
        .filter((f) => f !== folder);
      return {
        files: [`src/engine/${folder}/**/*.ts`],
        ignores: ENGINE_TESTS,
        rules: {
          '@typescript-eslint/no-restricted-imports': [
            'error',
            {
              patterns: [
                {
                  regex: `(^|/)(${above.join('|')})/`,
                  allowTypeImports: true,
                  message: `src/engine/${folder} sits in layer ${rank}: it imports only the layers below it (${
                    ENGINE_LAYERS.slice(0, rank).flat().join(', ') || 'none'
                  }) and its own files; a type-only import may cross.`,
                },
                {
                  regex: '(^|/)index(\\.ts)?$|^\\.{1,2}$|/\\.\\.$',
                  message: "An engine source never imports the engine's own index.ts: import the module itself.",
                },
              ],
            },
          ],
        },
      };
    }),
  );

/** Syntax that reads the real clock. */
const noRealClock = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'src/engine never reads the real clock: `new Date()` is now.',
  },
  {
    selector: "CallExpression[callee.name='Date']",
    message: 'src/engine never reads the real clock: `Date()` is now.',
  },
];

/** Code fetched on demand: models/loaders.ts alone does it (one loader per strategy's model). */
const noDynamicImport = {
  selector: 'ImportExpression',
  message: "src/engine has no dynamic imports but the models' loaders (models/loaders.ts).",
};

/** @type {import('eslint').Linter.RulesRecord} */
const engineNondeterminism = {
  'no-restricted-globals': [
    'error',
    ...['window', 'document', 'navigator', 'globalThis', 'self', 'process', 'crypto', 'performance'].map((name) => ({
      name,
      message: `src/engine is DOM-free and host-free: no \`${name}\`.`,
    })),
    ...['setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask', 'requestAnimationFrame'].map((name) => ({
      name,
      message: `src/engine has no real timers (\`${name}\`): schedule on the virtual clock.`,
    })),
  ],
  'no-restricted-properties': [
    'error',
    { object: 'Date', property: 'now', message: 'src/engine never reads the real clock: use virtual time.' },
    { object: 'Math', property: 'random', message: "src/engine never uses Math.random: use the world's seeded PRNG." },
  ],
  'no-restricted-syntax': ['error', ...noRealClock, noDynamicImport],
};

export default defineConfig([
  globalIgnores(['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'coverage/']),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },

  // The engine: pure, deterministic, no host.
  {
    files: ENGINE_SOURCES,
    ignores: ENGINE_TESTS,
    languageOptions: { globals: {} },
    rules: { 'no-restricted-imports': engineImportRule([]), ...engineNondeterminism },
  },
  {
    files: ['src/engine/machines/**/*.ts'],
    ignores: ENGINE_TESTS,
    rules: { 'no-restricted-imports': engineImportRule(['xstate']) },
  },
  ...engineLayerConfigs(),
  // The one place that imports on demand: each strategy's model, fetched when first run.
  {
    files: ['src/engine/models/loaders.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noRealClock] },
  },
  // A file outside every layer folder would escape the layer rules: there is no such place.
  {
    files: ['src/engine/**/*.ts'],
    ignores: [
      ...ENGINE_LAYERS.flat().map((folder) => `src/engine/${folder}/**`),
      'src/engine/index.ts',
      ...ENGINE_TESTS,
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program',
          message: 'Every engine source lives in a layer folder listed in ENGINE_LAYERS (eslint.config.js).',
        },
      ],
    },
  },
  // Engine tests hold the engine to the same rules, and may also use the test libraries.
  {
    files: ENGINE_TESTS,
    rules: { 'no-restricted-imports': engineImportRule(['xstate', 'vitest', 'fast-check']), ...engineNondeterminism },
  },

  // The browser app and the CLI reach the engine only through its public surface.
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/cli/**/*.ts', 'src/record/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // '../engine' and '../engine/index(.ts)' are the core public surface, and
              // engine/surfaces/* the parts a page loads when first used; anything deeper is not.
              regex: '(^|/)engine/(?!index(\\.ts)?$)(?!surfaces/[a-z]+(\\.ts)?$).+',
              message:
                'Outside src/engine, the engine is reached only through its public surfaces: src/engine/index.ts and src/engine/surfaces/*.',
            },
          ],
        },
      ],
    },
  },

  // The browser app.
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    extends: [reactHooks.configs.flat.recommended],
  },

  // Short functions in all of src: one over about 80 lines is split into named pieces, or says
  // beside it why it stays long (`// eslint-disable-next-line max-lines-per-function -- REASON`).
  // Tests and the timeline's harness are exempt.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/ui/timeline/harness/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },

  // Everything that runs under Node: the CLI, the recorder, scripts, configs, benchmarks, e2e specs.
  {
    files: [
      'src/cli/**/*.ts',
      'src/record/**/*.ts',
      'scripts/**/*.{js,mjs,ts}',
      'bench/**/*.ts',
      'e2e/**/*.ts',
      '*.config.{js,ts}',
    ],
    languageOptions: { globals: globals.node },
  },
]);
