// Root flat config for the whole workspace. Deliberately not type-aware: every file lints without building a
// TypeScript program, so `nx run-many -t lint` stays fast on 2 cores.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier/flat';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
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

  // The API's import rules (common/ knows no module, frozen migrations, pure domain folders, the catalog's
  // layering, no cycles) live in .dependency-cruiser.cjs: dependency-cruiser checks them on the resolved import
  // graph, after ESLint, in the api project's lint target.

  // The portal's components and hooks: the rules of hooks and the React Compiler's checks (recommended set), with
  // missing effect dependencies an error rather than a warning, so `npm test` stops on them.
  {
    files: ['apps/portal/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
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
