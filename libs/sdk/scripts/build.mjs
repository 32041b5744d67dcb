#!/usr/bin/env node
// Builds the publishable package into dist/libs/sdk: package.json and README.md at its root, ESM + .d.ts in dist/,
// and the stdio MCP bridge (bin/, the package's `lottery-results-mcp` command) beside them in dist/.
//
// The generated client imports without file extensions ('./core/request'), which bundlers and TypeScript's
// `bundler` resolution accept but Node's ESM loader does not (and neither does TypeScript for a consumer using
// `nodenext`). tsc cannot add extensions, so after compiling, every relative specifier in the emitted .js and
// .d.ts files is resolved against the emitted files and rewritten to the exact file ('./core/request.js',
// './generated/index.js'). A specifier that resolves to nothing fails the build instead of shipping broken.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const workspaceRoot = resolve(projectRoot, '../..');
const packageDir = resolve(workspaceRoot, 'dist/libs/sdk');
const codeDir = join(packageDir, 'dist');

rmSync(packageDir, { recursive: true, force: true });
// The library (src/, for browsers and Node), then the stdio bridge (bin/, Node only) into the same dist/.
for (const tsconfig of ['tsconfig.lib.json', 'tsconfig.bin.json']) {
  const tsc = spawnSync(
    process.execPath,
    [resolve(workspaceRoot, 'node_modules/typescript/bin/tsc'), '-p', join(projectRoot, tsconfig)],
    { stdio: 'inherit' },
  );
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
}

const files = (dir) =>
  readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)],
  );

// `from './x'`, `import './x'`, `import('./x')` (dynamic imports and type-only import types in .d.ts).
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.\.?(?:\/[^'"]*)?)\2/g;
let rewritten = 0;
for (const file of files(codeDir).filter((f) => /\.(js|d\.ts)$/.test(f))) {
  const dtsFile = file.endsWith('.d.ts');
  const source = readFileSync(file, 'utf8');
  const output = source.replace(SPECIFIER, (match, keyword, quote, specifier) => {
    if (/\.(m?js|json)$/.test(specifier)) return match;
    const base = resolve(dirname(file), specifier);
    const emitted = (path) => existsSync(dtsFile ? path.replace(/\.js$/, '.d.ts') : path);
    const target = [`${base}.js`, join(base, 'index.js')].find(emitted);
    if (!target) throw new Error(`${relative(workspaceRoot, file)}: cannot resolve '${specifier}'`);
    rewritten += 1;
    let fixed = relative(dirname(file), target).split('\\').join('/');
    if (!fixed.startsWith('.')) fixed = `./${fixed}`;
    return `${keyword}${quote}${fixed}${quote}`;
  });
  if (output !== source) writeFileSync(file, output);
}

mkdirSync(packageDir, { recursive: true });
for (const name of ['package.json', 'README.md'])
  copyFileSync(join(projectRoot, name), join(packageDir, name));

// Each `bin` of package.json is run as a program (npx, node_modules/.bin): it must exist, start with its
// shebang (tsc keeps the source's), and be executable in the tarball, which npm packs with the files' modes.
const { bin = {} } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'));
for (const [command, path] of Object.entries(bin)) {
  const file = join(packageDir, path);
  if (!existsSync(file)) throw new Error(`bin ${command}: ${relative(workspaceRoot, file)} was not built`);
  if (!readFileSync(file, 'utf8').startsWith('#!/usr/bin/env node\n'))
    throw new Error(
      `bin ${command}: ${relative(workspaceRoot, file)} does not start with #!/usr/bin/env node`,
    );
  chmodSync(file, 0o755);
}
console.log(
  `Built ${relative(workspaceRoot, packageDir)} (${rewritten} relative imports given their .js extension)`,
);

// The package as npm installs it, for the service to serve at /sdk/ (a portal user installs the SDK from the
// instance itself: it is not on the public registry). Also under a name without the version, for a stable link.
const tarballDir = resolve(workspaceRoot, 'dist/libs/sdk-package');
rmSync(tarballDir, { recursive: true, force: true });
mkdirSync(tarballDir, { recursive: true });
const pack = spawnSync('npm', ['pack', packageDir, '--pack-destination', tarballDir, '--json'], {
  encoding: 'utf8',
});
if (pack.status !== 0) {
  process.stderr.write(pack.stderr);
  process.exit(pack.status ?? 1);
}
const [{ filename }] = JSON.parse(pack.stdout);
copyFileSync(join(tarballDir, filename), join(tarballDir, 'lottery-results-sdk.tgz'));
console.log(`Packed ${relative(workspaceRoot, join(tarballDir, filename))}`);
