// The API's import rules (issue 33): the architecture as dependency-cruiser rules over the resolved import graph,
// instead of ESLint regexes over import strings. `nx run api:lint` (and so `npm test`) runs
// `depcruise apps/api/src --config .dependency-cruiser.cjs` after ESLint; `nx run api:depcruise` runs it alone.
//
// Paths below are the resolved files, relative to the repository root. Type-only imports count
// (tsPreCompilationDeps): a layer that may not use another may not name its types either.
//
// What no import rule can see: DrawsModule does not re-export LotteriesModule, and every module that injects
// LotteryCatalog imports CatalogModule itself.
const { join } = require('node:path');

const SRC = '^apps/api/src/';
const MODULES = `${SRC}modules/`;
// Any file of the workspace (not a package, not a Node built-in): what the layer rules below restrict.
const WORKSPACE_FILE = '^(apps|libs)/';
const SPEC = '\\.spec\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'An import cycle makes load order matter (a class is undefined at the time a decorator or a module reads it) and ties the files of the cycle into one unit. No exceptions: break the cycle (move the shared code down a layer).',
      severity: 'error',
      from: { path: SRC },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'An import that resolves to no file: a typo, a moved file, or a package missing from package.json.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-orphans',
      comment: 'A file that imports nothing and that nothing imports is dead code: use it or delete it.',
      severity: 'error',
      from: { orphan: true, path: SRC, pathNot: '\\.d\\.ts$' },
      to: {},
    },

    // The API's layers: common/ (errors, pagination, caches, Redis) is shared plumbing and knows no feature module.
    {
      name: 'common-knows-no-module',
      comment: 'common/ imports nothing from modules/: it is the shared plumbing every module may use.',
      severity: 'error',
      from: { path: `${SRC}common/`, pathNot: SPEC },
      to: { path: MODULES },
    },

    // Migrations are self-contained (issue 24): a shipped migration must do the same thing forever.
    {
      name: 'database-knows-no-module',
      comment:
        'database/ is the ground floor: it imports nothing from modules/ (the entity registry sits beside the app ' +
        'module and is handed to DatabaseModule; the change feed is a module of its own).',
      severity: 'error',
      from: { path: `${SRC}database/` },
      to: { path: MODULES },
    },
    {
      name: 'migrations-are-frozen',
      comment:
        'Migrations import only typeorm, Node built-ins and files of the migrations folder (e.g. the frozen data in ./data), never runtime code (modules, common, config, entities, the bundled data loader) nor a workspace library: copy the data they need into ./data instead.',
      severity: 'error',
      from: { path: `${SRC}database/migrations/` },
      to: {
        pathNot: [`${SRC}database/migrations/`, '(^|/)node_modules/typeorm/'],
        dependencyTypesNot: ['core'],
      },
    },

    // Lotteries, draws and their read model (issue 24): imports point one way, so draws ↔ lotteries can never be a
    // cycle again. lotteries/domain/ is pure code about lotteries (rules, prize structures, schedules, views);
    // draws/domain/ pure code about draws, which may use lotteries/domain/ and ingestion/domain/ (a source's
    // configuration); catalog/ (the read model, CatalogModule) is built from the domain folders only; lotteries/
    // uses catalog/ and never draws/; draws/ may use lotteries/ and catalog/.
    // The architecture's nevers, by name: each keeps a feature from reaching into one it must not know.
    {
      name: 'draws-know-no-accounts',
      comment: 'draws/ imports nothing from accounts/: draw data is the same whoever reads or writes it.',
      severity: 'error',
      from: { path: `${MODULES}draws/` },
      to: { path: `${MODULES}accounts/` },
    },
    {
      name: 'read-model-knows-no-source',
      comment:
        'catalog/ (the read model metered reads are answered from) imports nothing from ingestion/ outside its pure ' +
        'domain: what is served does not depend on where, or whether, it is fetched.',
      severity: 'error',
      from: { path: `${MODULES}catalog/` },
      to: { path: `${MODULES}ingestion/`, pathNot: `${MODULES}ingestion/domain/` },
    },
    {
      name: 'agents-reach-the-api-through-routes',
      comment:
        'mcp/ answers tools by calling the HTTP routes in process: it imports no service, repository or entity of ' +
        'another module (only admission guards, the meter and pure domain constants), so an agent gets exactly ' +
        'what a client of the routes gets, checks included.',
      severity: 'error',
      from: { path: `${MODULES}mcp/` },
      to: {
        path: `${MODULES}(?!mcp/)[^/]+/.*\\.(service|repository|entity|controller)\\.ts$`,
      },
    },
    {
      name: 'webhooks-never-import-ingestion',
      comment:
        'webhooks/ imports nothing from ingestion/: subscribers hear of draws through the outbox that every write ' +
        'path fills, not from one of them.',
      severity: 'error',
      from: { path: `${MODULES}webhooks/` },
      to: { path: `${MODULES}ingestion/` },
    },
    {
      name: 'lotteries-not-to-draws',
      comment: 'lotteries/ imports nothing from draws/ (draws depend on lotteries, not the reverse).',
      severity: 'error',
      from: { path: `${MODULES}lotteries/` },
      to: { path: `${MODULES}draws/` },
    },
    {
      name: 'domain-is-pure',
      comment:
        'A domain/ folder is pure code: no services, Nest modules or controllers (no injection, no database, no HTTP), so the read model and every layer can use it.',
      severity: 'error',
      from: { path: `${MODULES}[^/]+/domain/` },
      to: { path: '\\.(service|module|controller)\\.ts$' },
    },
    {
      name: 'lotteries-domain-imports-only-pure-code',
      comment:
        'lotteries/domain/ imports only lotteries/domain/ and common/ (and packages): no read model (catalog/).',
      severity: 'error',
      from: { path: `${MODULES}lotteries/domain/` },
      to: { path: WORKSPACE_FILE, pathNot: [`${MODULES}lotteries/domain/`, `${SRC}common/`] },
    },
    {
      name: 'draws-domain-imports-only-pure-code',
      comment:
        'draws/domain/ imports only draws/domain/, lotteries/domain/, ingestion/domain/, prizes/domain/ and common/ (and packages).',
      severity: 'error',
      from: { path: `${MODULES}draws/domain/` },
      to: {
        path: WORKSPACE_FILE,
        pathNot: [
          `${MODULES}draws/domain/`,
          `${MODULES}lotteries/domain/`,
          `${MODULES}ingestion/domain/`,
          `${MODULES}prizes/domain/`,
          `${SRC}common/`,
        ],
      },
    },
    {
      name: 'prizes-domain-imports-only-pure-code',
      comment:
        'prizes/domain/ (what draws paid: reading, checking and showing prizes) imports only prizes/domain/, lotteries/domain/ and common/ (and packages): draws/domain/ (the CSV reader) and the read model use it, so it must never lead back to them.',
      severity: 'error',
      from: { path: `${MODULES}prizes/domain/`, pathNot: SPEC },
      to: {
        path: WORKSPACE_FILE,
        pathNot: [`${MODULES}prizes/domain/`, `${MODULES}lotteries/domain/`, `${SRC}common/`],
      },
    },
    {
      name: 'ingestion-domain-imports-only-pure-code',
      comment:
        "ingestion/domain/ (a source's configuration, the generic adapter's mapping) is what draws/domain/ may use of ingestion/: it imports only ingestion/domain/, common/ and config/ (and packages), so draws/domain/ stays pure through it and no cycle can come back by way of ingestion/. Its specs may use the adapters.",
      severity: 'error',
      from: { path: `${MODULES}ingestion/domain/`, pathNot: SPEC },
      to: {
        path: WORKSPACE_FILE,
        pathNot: [`${MODULES}ingestion/domain/`, `${SRC}common/`, `${SRC}config/`],
      },
    },
    {
      name: 'catalog-imports-only-pure-code',
      comment:
        'catalog/ is built from pure code so that lotteries/ and draws/ can both use it without a cycle: of the feature modules it imports only lotteries/domain/, draws/domain/, prizes/domain/ and the change feed (which knows no feature), and of the layers only common/, database/ and config/. Its unit specs may reach the test fixtures like every other spec.',
      severity: 'error',
      from: { path: `${MODULES}catalog/`, pathNot: SPEC },
      to: {
        path: WORKSPACE_FILE,
        pathNot: [
          `${MODULES}catalog/`,
          `${MODULES}lotteries/domain/`,
          `${MODULES}draws/domain/`,
          `${MODULES}prizes/domain/`,
          `${MODULES}change-feed/`,
          `${SRC}common/`,
          `${SRC}database/`,
          `${SRC}config/`,
        ],
      },
    },
  ],
  options: {
    // Packages are leaves: their own imports are not ours to check.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^dist/', '^libs/sdk/src/generated/'] },
    tsPreCompilationDeps: true,
    // Absolute: TypeScript resolves the `extends` of a relative tsconfig path against the wrong folder.
    tsConfig: { fileName: join(__dirname, 'apps/api/tsconfig.app.json') },
    // Resolve packages through their `exports` maps (e.g. `csv-parse/sync`, `@modelcontextprotocol/sdk/...`).
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['main', 'types', 'typings'],
    },
  },
};
