import 'reflect-metadata';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createApp } from '../bootstrap';
import { loadSettings, SettingsError } from '../config/settings';
import { CliContext, CliIo, EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../common/cli/cli-context';
import { importDrawsCommand } from '../modules/draws/cli/import-draws.command';
import { syncCommand } from '../modules/ingestion/cli/sync.command';
import { listLotteriesCommand } from '../modules/lotteries/cli/list-lotteries.command';

const HELP = `Usage: npm run cli -- <command> [options]

Commands:
  import <tag> <file.csv>   Import draws into an existing lottery. The CSV has the header date,main,special
                            with space-separated numbers in draw order (see apps/api/data/draws/README.md).
                            Each line is checked against the lottery's rules for its date; rejected lines are
                            listed and never written, all other lines are inserted or updated.
  lotteries                 List the lotteries with their draw counts.
  sync [tag] [--url <url>]  Fetch new draws now from the lottery's source (or every enabled source), through
                            the same checks as an import; differing draws become conflicts. --url reads
                            another URL with the lottery's adapter (e.g. a local fixture).

Options:
  --force                   Open the embedded database even though it looks in use (after a crash).
  -h, --help                Show this help.

The tool uses the server's database: DATABASE_URL, or the embedded PostgreSQL in DATA_DIR (default .data/).
The embedded database belongs to one process at a time: stop the server before running the tool on its
DATA_DIR (with DATABASE_URL both can run together).

Exit codes: 0 success, 1 lines rejected or failure, 2 usage error.`;

/** The booted application, as the commands see it. */
export interface CliApp extends CliContext {
  close(): Promise<void>;
}

export type BootCliApp = (options: { force: boolean }) => Promise<CliApp>;

/** Parses the arguments and runs one command; returns the exit code. `boot` is replaceable for tests. */
export async function runCli(
  argv: string[],
  io: CliIo,
  boot: BootCliApp = bootFromEnvironment,
): Promise<number> {
  const force = argv.includes('--force');
  // --url takes a value: set it apart before options are checked.
  const urlAt = argv.indexOf('--url');
  const url = urlAt === -1 ? undefined : argv[urlAt + 1];
  if (urlAt !== -1 && (url === undefined || url.startsWith('-')))
    return usageError(io, '--url needs a URL: sync <tag> --url <url>');
  const args = argv.filter(
    (arg, i) => arg !== '--force' && (urlAt === -1 || (i !== urlAt && i !== urlAt + 1)),
  );
  const [command, ...rest] = args;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    if (command !== undefined) {
      io.out(HELP);
      return EXIT_OK;
    }
    io.err(HELP);
    return EXIT_USAGE;
  }
  const unknownOption = args.find((arg) => arg.startsWith('-'));
  if (unknownOption !== undefined) return usageError(io, `Unknown option '${unknownOption}'.`);

  if (command === 'import') {
    if (rest.length !== 2)
      return usageError(io, 'import needs a lottery tag and a CSV file: import <tag> <file.csv>');
    const [tag, file] = rest;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      return usageError(io, `Cannot read ${file}: ${(error as Error).message}`);
    }
    return withApp(io, boot, force, (app) =>
      importDrawsCommand(app, io, { tag, fileName: basename(file), text }),
    );
  }
  if (url !== undefined && command !== 'sync') return usageError(io, '--url applies to sync only.');
  if (command === 'sync') {
    if (rest.length > 1)
      return usageError(io, 'sync takes at most one lottery tag: sync [tag] [--url <url>]');
    if (url !== undefined && rest.length === 0)
      return usageError(io, '--url needs a lottery tag: sync <tag> --url <url>');
    return withApp(io, boot, force, (app) => syncCommand(app, io, { tag: rest[0], url }));
  }
  if (command === 'lotteries') {
    if (rest.length !== 0) return usageError(io, 'lotteries takes no arguments.');
    return withApp(io, boot, force, (app) => listLotteriesCommand(app, io));
  }
  return usageError(io, `Unknown command '${command}'.`);
}

function usageError(io: CliIo, message: string): number {
  io.err(`${message}\nRun with --help for usage.`);
  return EXIT_USAGE;
}

async function withApp(
  io: CliIo,
  boot: BootCliApp,
  force: boolean,
  command: (app: CliApp) => Promise<number>,
): Promise<number> {
  let app: CliApp;
  try {
    app = await boot({ force });
  } catch (error) {
    if (error instanceof SettingsError || error instanceof DatabaseInUseError) {
      io.err(error.message);
      return EXIT_USAGE;
    }
    throw error;
  }
  try {
    return await command(app);
  } finally {
    await app.close();
  }
}

class DatabaseInUseError extends Error {}

/** Boots the application on the server's database, exactly as main.ts does, without listening. */
async function bootFromEnvironment({ force }: { force: boolean }): Promise<CliApp> {
  const settings = loadSettings();
  if (!settings.databaseUrl && !force) assertEmbeddedDatabaseFree(join(settings.dataDir, 'pg'));
  const running = await createApp({
    ...settings,
    // Start-up chatter would bury the report: warnings only, unless LOG_LEVEL asks for more.
    logLevel: process.env.LOG_LEVEL ? settings.logLevel : 'warn',
    // The demo account's token is shown once, by the server's welcome message: leave its creation to the server.
    createDemoAccount: false,
    // A command is not a server: the scheduler (on by default) polls from the running service, never from here
    // (`sync` runs its syncs itself, whatever SYNC says).
    sync: { ...settings.sync, enabled: false },
  });
  return { get: (type) => running.app.get(type), close: () => running.close() };
}

/**
 * The embedded engine gives no protection against a second process opening the same directory (both would
 * write to it and corrupt it). It keeps postmaster.pid there while open and removes it on a clean close, so the
 * file's presence means a running server, or one that was killed (hence --force).
 */
function assertEmbeddedDatabaseFree(pgDir: string): void {
  if (existsSync(join(pgDir, 'postmaster.pid'))) {
    throw new DatabaseInUseError(
      `The embedded database in ${pgDir} is in use, probably by the running server. While it runs, ask it ` +
        'instead: sync with POST /admin/sources/<tag>/sync (portal: Admin → Sync → Sync now), import with ' +
        'POST /admin/lotteries/<tag>/draws/import (portal: Admin → Lotteries). Or stop the server first (or run ' +
        'both on a PostgreSQL server with DATABASE_URL). If no server is running (it was killed), run again ' +
        'with --force.',
    );
  }
}

if (require.main === module) {
  const io: CliIo = {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    progress: process.stderr,
  };
  runCli(process.argv.slice(2), io)
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(EXIT_FAILED);
    });
}
