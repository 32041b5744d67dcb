import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { BootCliApp, runCli } from '../src/bin/cli';
import { sql } from './support/fixtures';
import { createTestApp, TestApp } from './support/test-app';
import { bundleFigures } from './support/bundle';

const BUNDLE = bundleFigures();

/** Runs the command-line tool in-process against the test app, capturing what it prints. */
describe('command-line tool', () => {
  let app: TestApp;
  let scratch: string;
  let closed = 0;
  const boot: BootCliApp = async () => ({
    get: (type) => app.running.app.get(type),
    close: async () => {
      closed += 1;
    },
  });

  async function cli(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      out: (t: string) => out.push(t),
      err: (t: string) => err.push(t),
      progress: new PassThrough(),
    };
    const code = await runCli(argv, io, boot);
    return { code, out: out.join('\n'), err: err.join('\n') };
  }
  const csvFile = (name: string, lines: string[]) => {
    const file = join(scratch, name);
    writeFileSync(file, lines.join('\n'));
    return file;
  };

  beforeAll(async () => {
    app = await createTestApp();
    scratch = mkdtempSync(join(tmpdir(), 'cli-test-'));
  });
  afterAll(async () => {
    rmSync(scratch, { recursive: true, force: true });
    await app.close();
  });

  it('prints help', async () => {
    const help = await cli('--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: npm run cli -- <command> [options]');
    expect(help.out).toContain('import <tag> <file.csv>');
    expect(help.out).toContain('stop the server before running the tool on its');
    expect((await cli('-h')).code).toBe(0);
  });

  it.each([
    [[], 'Usage: npm run cli'],
    [['import'], 'import needs a lottery tag and a CSV file: import <tag> <file.csv>'],
    [['import', 'us_powerball'], 'import needs a lottery tag and a CSV file'],
    [['import', 'us_powerball', '/no/such/file.csv'], 'Cannot read /no/such/file.csv'],
    [['lotteries', 'extra'], 'lotteries takes no arguments.'],
    [['frobnicate'], "Unknown command 'frobnicate'."],
    [['lotteries', '--verbose'], "Unknown option '--verbose'."],
  ])('exits with 2 on the usage error %j', async (argv, message) => {
    const result = await cli(...argv);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
  });

  it('lists the lotteries with their draw counts', async () => {
    const result = await cli('lotteries');
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    expect(lines[0]).toMatch(/^TAG\s+DRAWS\s+FIRST\s+LAST\s+NAME$/);
    expect(lines).toContainEqual(
      expect.stringMatching(/^us_powerball\s+3261\s+1997-11-01\s+2026-08-05\s+Powerball$/),
    );
    expect(lines).toHaveLength(BUNDLE.lotteries + 2);
    expect(lines.at(-1)).toBe(`${BUNDLE.lotteries} lotteries, ${BUNDLE.draws} draws.`);
  });

  it('imports a CSV through the import service, reporting rejected lines (exit 1)', async () => {
    const file = csvFile('powerball.csv', [
      'date,main,special',
      '2026-08-05,14 20 59 60 61,25',
      '2026-08-08,69 1 2 3 4,26',
      '2026-08-10,1 2 3 4 70,1',
      '2026-08-12,1 2 3 4',
    ]);
    const result = await cli('import', 'us_powerball', file);
    expect(result.code).toBe(1);
    expect(result.err.split('\n')).toEqual([
      'line 4: Main number 70 is out of range 1-69 for draws from 2015-10-07.',
      'line 5: Expected 3 columns, got 2.',
    ]);
    expect(result.out).toBe(
      'Imported powerball.csv into us_powerball: 1 inserted, 0 updated, 1 unchanged, 2 lines rejected.',
    );
    const rows = await sql(
      app,
      `SELECT to_char(draw_date, 'YYYY-MM-DD') AS date, main, special FROM draws
       WHERE lottery_tag = 'us_powerball' AND draw_date > '2026-08-05'`,
    );
    expect(rows).toEqual([{ date: '2026-08-08', main: [69, 1, 2, 3, 4], special: [26] }]);
  });

  it('exits with 0 when every line went in', async () => {
    const file = csvFile('fine.csv', ['date,main,special', '2026-08-08,69 1 2 3 4,25']);
    const result = await cli('import', 'us_powerball', file);
    expect(result).toEqual({
      code: 0,
      out: 'Imported fine.csv into us_powerball: 0 inserted, 1 updated, 0 unchanged, 0 lines rejected.',
      err: '',
    });
  });

  it('refuses an unknown lottery (exit 2) and closes the app every time', async () => {
    const before = closed;
    const file = csvFile('x.csv', ['date,main,special']);
    const result = await cli('import', 'no_such', file);
    expect(result.code).toBe(2);
    expect(result.err).toContain("Lottery 'no_such' not found.");
    expect(closed).toBe(before + 1);
  });

  describe('on the embedded database', () => {
    const saved = { ...process.env };
    afterEach(() => {
      process.env = { ...saved };
    });

    it('refuses to open a data directory that another process holds', async () => {
      const dataDir = join(scratch, 'data');
      mkdirSync(join(dataDir, 'pg'), { recursive: true });
      writeFileSync(join(dataDir, 'pg', 'postmaster.pid'), '-42\n');
      process.env.DATA_DIR = dataDir;
      delete process.env.DATABASE_URL;
      const err: string[] = [];
      const io = { out: () => undefined, err: (t: string) => err.push(t), progress: new PassThrough() };
      expect(await runCli(['lotteries'], io)).toBe(2);
      expect(err.join('\n')).toContain(`The embedded database in ${join(dataDir, 'pg')} is in use`);
      // …and says what to do while the server runs: ask it.
      expect(err.join('\n')).toContain(
        'sync with POST /admin/sources/<tag>/sync (portal: Admin → Sync → Sync now)',
      );
      expect(err.join('\n')).toContain('--force');
    });
  });
});
