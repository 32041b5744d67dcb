import { join, relative } from 'node:path';
import { __resetOutOfContextForTests } from 'nestjs-pino/PinoLogger';
import { runsForTheFile, SHARED_APP } from './file-teardown';
import { testEngine } from './test-engine';

// A plain CommonJS module: the Jest config reads it too.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { groupMembers } = require('./spec-groups.cjs') as {
  groupMembers(group: number, engine: string): string[];
};

/**
 * Runs group `group`'s specs in this Jest file (see spec-groups.cjs), each inside a describe block named by its file,
 * so that its hooks, apps and data stay its own.
 *
 * What a spec could otherwise inherit from the one before, through a module both load once, is reset first:
 * nestjs-pino sends every app's Nest logs to the pino logger of the first app a module registry made, so a spec that
 * reads its app's log lines would read nothing after another spec's apps.
 */
export function runGroup(group: number): void {
  const members = groupMembers(group, testEngine());
  if (!members.length) throw new Error(`Spec group ${group} has no specs in the ${testEngine()} pass`);
  const testDir = join(__dirname, '..');
  for (const path of members)
    describe(relative(testDir, path), () => {
      // Not while the file's shared app runs: its Nest logs would have no logger left (none of its specs reads them).
      beforeAll(() => runsForTheFile(SHARED_APP) || __resetOutOfContextForTests());
      // Loaded while the describe block is being defined: the spec's own tests and hooks land inside it.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(path);
    });
}
