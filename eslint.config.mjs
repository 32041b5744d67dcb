// Root flat config for the whole workspace. Deliberately not type-aware: every file lints without building a
// TypeScript program, so `nx run-many -t lint` stays fast on 2 cores.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier/flat';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

const codeFiles = [
  '**/*.ts',
  '**/*.tsx',
  '**/*.mts',
  '**/*.cts',
  '**/*.js',
  '**/*.jsx',
  '**/*.mjs',
  '**/*.cjs',
];
const plainJsFiles = ['**/*.js', '**/*.jsx', '**/*.mjs', '**/*.cjs'];

// The Node globals that scripts (tools/*.mjs, jest.config.cjs) use. Listed here rather than imported from the
// `globals` package, which is only a transitive dependency of this workspace.
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'AbortController',
    'AbortSignal',
    'fetch',
    'structuredClone',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'clearImmediate',
    'queueMicrotask',
    'TextEncoder',
    'TextDecoder',
    'performance',
  ].map((name) => [name, 'readonly']),
);
const commonJsGlobals = Object.fromEntries(
  ['require', 'module', 'exports', '__dirname', '__filename'].map((name) => [name, 'readonly']),
);

export default defineConfig([
  globalIgnores([
    '**/dist',
    '**/node_modules',
    '**/.nx',
    '**/coverage',
    '**/.data',
    'tmp',
    'libs/sdk/src/generated/**',
    'apps/api/data/**',
    'apps/portal/test-results/**',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    files: plainJsFiles,
    languageOptions: { globals: nodeGlobals },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...nodeGlobals, ...commonJsGlobals } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  {
    files: codeFiles,
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: ['^.*/eslint(\\.base)?\\.config\\.[cm]?[jt]s$'],
          // Every constraint whose source tag a project has must hold. `type:*` requires every workspace import
          // to be a tagged lib; the `scope:*` lists then narrow it: an empty list forbids any tagged project, so
          // together the API and the SDK import nothing from the workspace, and the portal only the SDK.
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'scope:portal', onlyDependOnLibsWithTags: ['scope:sdk'] },
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'scope:sdk', onlyDependOnLibsWithTags: [] },
          ],
        },
      ],
    },
  },

  {
    files: codeFiles,
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },

  // The API's layers: common/ (errors, pagination, caches, Redis) is shared plumbing and knows no feature module.
  {
    files: ['apps/api/src/common/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**'], message: 'common/ imports nothing from modules/.' }] },
      ],
    },
  },

  // Migrations are self-contained (issue 24): a shipped migration must do the same thing forever, so it imports
  // nothing whose behaviour can change later: only `typeorm` and files of its own folder (`./…`, e.g. the frozen
  // data in ./data). Anything leaving the folder (`../…`: modules, common, config, entities, the bundled data
  // loader) or naming the API's layers or a workspace library is refused; copy the data in instead.
  {
    files: ['apps/api/src/database/migrations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['..', '../*', '**/modules/**', '**/common/**', '**/config/**', '@lottery-results/*'],
              message:
                'Migrations import only typeorm and ./ files of the migrations folder: copy the data they need into ./data (frozen), never runtime code.',
            },
          ],
        },
      ],
    },
  },

  // Lotteries, draws and their read model (issue 24): imports point one way, so draws ↔ lotteries can never be a
  // cycle again. lotteries/domain/ is pure code about lotteries (rules, prize structures, schedules, views);
  // draws/domain/ pure code about draws, which may use lotteries/domain/; catalog/ (the read model,
  // CatalogModule) is built from those two only; lotteries/ uses catalog/ and never draws/; draws/ may use
  // lotteries/ and catalog/. Each files list below is one layer and the layers do not overlap (a later block's
  // no-restricted-imports would replace an earlier one's). common/ importing nothing from modules/ is the layers
  // block above. What no import rule can see: DrawsModule does not re-export LotteriesModule, and every module
  // that injects LotteryCatalog imports CatalogModule itself.
  {
    files: ['apps/api/src/modules/lotteries/**/*.ts'],
    ignores: ['apps/api/src/modules/lotteries/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/draws', '**/draws/**'],
              message: 'lotteries/ imports nothing from draws/ (draws depend on lotteries, not the reverse).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/lotteries/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/draws', '**/draws/**'],
              message: 'lotteries/ imports nothing from draws/ (draws depend on lotteries, not the reverse).',
            },
            {
              group: ['**/catalog', '**/catalog/**', '**/*.service', '**/*.module', '**/*.controller'],
              message: 'lotteries/domain/ is pure code: no read model, no services, modules or controllers.',
            },
            {
              // Any path leaving lotteries/domain/ (`../…`) except into src/common/ (`../../../common/…`).
              regex: '^\\.\\./(?!\\.\\./\\.\\./common/)',
              message: 'lotteries/domain/ imports only lotteries/domain/ and common/ (and packages).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/draws/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Leaving draws/domain/ (`../…`) only into lotteries/domain/ and src/common/. One known exception:
              // bundled-lotteries.ts reads each source's config with ingestion/source-config (to move out of
              // ingestion/ later); it is named here so that nothing else slips in.
              regex:
                '^\\.\\./(?!\\.\\./lotteries/domain/|\\.\\./\\.\\./common/|\\.\\./ingestion/source-config$)',
              message:
                'draws/domain/ imports only draws/domain/, lotteries/domain/ and common/ (and packages).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/catalog/**/*.ts'],
    // Its unit specs may reach the test fixtures (the contract's error bodies) like every other spec.
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lotteries/*', '!**/lotteries/domain', '**/draws/*', '!**/draws/domain'],
              message:
                'catalog/ is built from pure code: of lotteries/ and draws/ it imports only lotteries/domain/ and draws/domain/, so both can use it without a cycle.',
            },
            {
              // Siblings (`../x`) other than lotteries and draws, and layers (`../../x`) other than these three.
              group: [
                '../*',
                '!../..',
                '!../lotteries',
                '!../draws',
                '../../*',
                '!../../common',
                '!../../database',
                '!../../config',
              ],
              message:
                'catalog/ imports no other feature module or layer: only lotteries/domain/, draws/domain/, common/, database/ and config/.',
            },
          ],
        },
      ],
    },
  },

  // Tests read loose JSON response bodies; `any` there is the honest type of an HTTP response under test.
  {
    files: ['**/test/**/*.ts', '**/*.spec.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // Last, so it switches off every stylistic rule that would fight Prettier.
  prettier,
]);
