import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundledDataDir, BundledLottery, loadBundledLotteries } from './bundled-lotteries';
import { parseDrawCsv, ParsedDrawRow } from './draw-csv';
import { scheduledDrawOn } from '../../lotteries/domain/draw-schedule';
import { roundsOn, ruleEraOn, validateDrawNumbers } from '../../lotteries/domain/lottery-rules';
import { prizePeriodOn } from '../../lotteries/domain/prize-structure';

const REPO_DATA_DIR = resolve(__dirname, '../../../../data/draws');

describe('bundledDataDir', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'bundled-data-'));
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('finds apps/api/data/draws from the sources', () => {
    expect(bundledDataDir()).toBe(REPO_DATA_DIR);
  });

  it('finds apps/api/data/draws from the compiled output run in the repo', () => {
    const compiledDir = join(scratch, 'dist', 'apps', 'api', 'modules', 'draws', 'domain');
    mkdirSync(compiledDir, { recursive: true });
    mkdirSync(join(scratch, 'apps', 'api', 'data', 'draws'), { recursive: true });
    writeFileSync(join(scratch, 'apps', 'api', 'data', 'draws', 'lotteries.json'), '[]');
    expect(bundledDataDir(compiledDir)).toBe(join(scratch, 'apps', 'api', 'data', 'draws'));
  });

  it('finds data/draws next to dist (Docker image layout)', () => {
    const compiledDir = join(scratch, 'dist', 'apps', 'api', 'modules', 'draws', 'domain');
    mkdirSync(compiledDir, { recursive: true });
    mkdirSync(join(scratch, 'data', 'draws'), { recursive: true });
    writeFileSync(join(scratch, 'data', 'draws', 'lotteries.json'), '[]');
    expect(bundledDataDir(compiledDir)).toBe(join(scratch, 'data', 'draws'));
  });

  it('throws a clear error when there is no data folder', () => {
    expect(() => bundledDataDir(scratch)).toThrow(/Bundled draw data not found: .*lotteries\.json/);
  });
});

describe('loadBundledLotteries', () => {
  const lotteries = loadBundledLotteries(bundledDataDir());
  const byTag = new Map<string, BundledLottery>(lotteries.map((l) => [l.tag, l]));

  it('maps every entry of lotteries.json', () => {
    expect(lotteries.map((l) => l.tag).sort()).toEqual([
      'au_ozlotto',
      'au_powerball',
      'au_saturday_lotto',
      'br_lotofacil',
      'br_megasena',
      'br_quina',
      'ca_lotto649',
      'ca_lottomax',
      'cz_sportka',
      'de_lotto',
      'eu_eurojackpot',
      'eu_euromillions',
      'fr_lotto',
      'hu_hatoslotto',
      'hu_otoslotto',
      'hu_skandinav',
      'it_superenalotto',
      'tx_lotto_texas',
      'uk_lotto',
      'us_cash4life',
      'us_megamillions',
      'us_ny_lotto',
      'us_ny_take5',
      'us_powerball',
    ]);
    const powerball = byTag.get('us_powerball');
    expect(powerball).toMatchObject({
      name: 'Powerball',
      country: 'US',
      timezone: 'America/New_York',
      specialName: 'Powerball',
      drawOrder: false,
      csvPath: join(REPO_DATA_DIR, 'us_powerball.csv'),
    });
    // The public source names the operator; the repository the history was taken from is its provenance.
    expect(powerball?.source).toContain('Multi-State Lottery Association');
    expect(powerball?.source).not.toContain('github');
    expect(powerball?.history).toContain('jbaranski/jeffs-lottery-utils');
    expect(powerball?.license).toContain('MIT');
    expect(powerball?.rules).toHaveLength(6);
    expect(byTag.get('eu_euromillions')?.drawOrder).toBe(true);
    expect(byTag.get('de_lotto')?.rules[0].special).toBeNull();
    expect(byTag.get('it_superenalotto')?.rules[0].special?.distinct).toBe(false);
  });

  it('holds a known structure for the latest bundled draw of every lottery', () => {
    const lotteries = loadBundledLotteries(bundledDataDir());
    expect(lotteries).toHaveLength(24);
    for (const lottery of lotteries) {
      // The CSVs end in 2024–2026; the era of the latest bundled draw has at least one documented period (UK
      // Lotto's era of two rounds from 2026-06-10 starts after its last bundled draw, its prizes not yet known).
      const era = ruleEraOn(lottery.rules, '2026-01-01') ?? lottery.rules.at(-1)!;
      const period = prizePeriodOn(era.prizes, '2026-01-01') ?? prizePeriodOn(era.prizes, '2024-05-24');
      expect([lottery.tag, Array.isArray(period?.divisions)]).toEqual([lottery.tag, true]);
      expect(period!.source.length).toBeGreaterThan(10);
    }
  });

  describe('with a malformed manifest', () => {
    let scratch: string;
    const write = (entries: unknown): void =>
      writeFileSync(join(scratch, 'lotteries.json'), JSON.stringify(entries));
    const validEntry = (): Record<string, unknown> =>
      JSON.parse(readFileSync(join(REPO_DATA_DIR, 'lotteries.json'), 'utf8'))[0] as Record<string, unknown>;
    beforeEach(() => {
      scratch = mkdtempSync(join(tmpdir(), 'bundled-manifest-'));
      writeFileSync(join(scratch, 'us_powerball.csv'), 'date,main,special\n');
    });
    afterEach(() => rmSync(scratch, { recursive: true, force: true }));

    it('loads a valid copy', () => {
      write([validEntry()]);
      expect(loadBundledLotteries(scratch)[0].csvPath).toBe(join(scratch, 'us_powerball.csv'));
    });

    it('rejects a missing field', () => {
      write([{ ...validEntry(), timezone: undefined }]);
      expect(() => loadBundledLotteries(scratch)).toThrow(
        "(us_powerball): 'timezone' must be a non-empty string.",
      );
    });

    it('rejects bad rules', () => {
      const entry = validEntry();
      write([{ ...entry, rules: [...(entry['rules'] as unknown[])].reverse() }]);
      expect(() => loadBundledLotteries(scratch)).toThrow('must be later than the previous era');
    });

    it('rejects a missing CSV and a tag that could escape the folder', () => {
      write([{ ...validEntry(), tag: 'us_megamillions' }]);
      expect(() => loadBundledLotteries(scratch)).toThrow('us_megamillions.csv is missing.');
      write([{ ...validEntry(), tag: '../us_powerball' }]);
      expect(() => loadBundledLotteries(scratch)).toThrow("tag '../us_powerball' must match");
    });
  });
});

describe('bundled draw histories', () => {
  const lotteries = loadBundledLotteries(bundledDataDir());
  const parsed = new Map(lotteries.map((l) => [l.tag, parseDrawCsv(readFileSync(l.csvPath, 'utf8'))]));
  const rowsOf = (tag: string): ParsedDrawRow[] => parsed.get(tag)?.rows ?? [];

  it.each(lotteries.map((l) => [l.tag, l] as const))(
    '%s parses with no errors and every row fits its era',
    (_tag, lottery) => {
      expect(parsed.get(lottery.tag)?.errors).toEqual([]);
      const rows = rowsOf(lottery.tag);
      expect(rows.length).toBeGreaterThan(0);
      const problems = rows
        .map((row) => ({ row, problem: validateDrawNumbers(lottery.rules, row.date, row.main, row.special) }))
        .filter((p) => p.problem !== null)
        .map((p) => `line ${p.row.line}: ${p.problem}`);
      expect(problems).toEqual([]);
    },
  );

  it.each(lotteries.map((l) => [l.tag, l] as const))(
    '%s: every draw falls on a scheduled day, except the documented off-schedule draws',
    (_tag, lottery) => {
      // A date with two rounds (Skandináv's machine and hand draws) is one draw day.
      const offSchedule = [...new Set(rowsOf(lottery.tag).map((row) => row.date))].filter(
        (date) => scheduledDrawOn(lottery.schedule, date) === undefined,
      );
      expect(offSchedule).toEqual(Object.keys(lottery.offScheduleDraws).sort());
    },
  );

  it('documents 610 off-schedule draws, as the README says', () => {
    expect(lotteries.reduce((sum, l) => sum + Object.keys(l.offScheduleDraws).length, 0)).toBe(610);
  });

  it('holds 68,820 draws in total, as the README says', () => {
    const total = [...parsed.values()].reduce((sum, result) => sum + result.rows.length, 0);
    expect(total).toBe(68_820);
  });

  it.each(lotteries.map((l) => [l.tag, l] as const))(
    '%s: every round is one its era draws, and a date with several draws has them all',
    (_tag, lottery) => {
      const rows = rowsOf(lottery.tag);
      const problems = rows
        .filter((row) => (row.round ?? 1) > roundsOn(lottery.rules, row.date))
        .map((row) => `line ${row.line}: round ${row.round} on ${row.date}`);
      const roundsByDate = new Map<string, number[]>();
      for (const row of rows)
        roundsByDate.set(row.date, [...(roundsByDate.get(row.date) ?? []), row.round ?? 1]);
      for (const [date, rounds] of roundsByDate)
        if (rounds.length > 1 && rounds.join(' ') !== rounds.map((_, i) => i + 1).join(' '))
          problems.push(`${date}: rounds ${rounds.join(' ')}`);
      expect(problems).toEqual([]);
    },
  );

  it('Skandináv lottó: two draws (machine, then hand) on each of its 881 dates', () => {
    const rows = rowsOf('hu_skandinav');
    expect(rows).toHaveLength(1762);
    expect(new Set(rows.map((row) => row.date)).size).toBe(881);
    expect(rows.filter((row) => row.round === 2)).toHaveLength(881);
  });

  describe('injected bad rows are caught', () => {
    const rules = (tag: string) => {
      const lottery = lotteries.find((l) => l.tag === tag);
      if (lottery === undefined) throw new Error(`no lottery ${tag}`);
      return lottery.rules;
    };
    const realRow = (tag: string, date: string): ParsedDrawRow => {
      const row = rowsOf(tag).find((r) => r.date === date);
      if (row === undefined) throw new Error(`no ${tag} draw on ${date}`);
      return row;
    };

    it('wrong counts', () => {
      const row = realRow('uk_lotto', '2015-10-10');
      expect(validateDrawNumbers(rules('uk_lotto'), row.date, row.main.slice(1), row.special)).toBe(
        'Expected 6 main numbers on 2015-10-10, got 5.',
      );
      const euro = realRow('eu_euromillions', '2016-09-27');
      expect(
        validateDrawNumbers(rules('eu_euromillions'), euro.date, euro.main, euro.special.slice(0, 1)),
      ).toBe('Expected 2 special numbers on 2016-09-27, got 1.');
    });

    it('out of range, per era', () => {
      // 12 stars only from 2016-09-27; 11 from 2011-05-10.
      expect(validateDrawNumbers(rules('eu_euromillions'), '2016-09-23', [1, 2, 3, 4, 5], [1, 12])).toBe(
        'Special number 12 is out of range 1-11 for draws from 2011-05-10.',
      );
      expect(
        validateDrawNumbers(rules('eu_euromillions'), '2016-09-27', [1, 2, 3, 4, 5], [1, 12]),
      ).toBeNull();
      expect(validateDrawNumbers(rules('de_lotto'), '2020-01-04', [1, 2, 3, 4, 5, 6], [10])).toBe(
        'Special number 10 is out of range 0-9 for draws from 1991-12-07.',
      );
    });

    it('repeated main numbers', () => {
      const row = realRow('ca_lotto649', '1982-06-12');
      const main = [...row.main.slice(0, 5), row.main[0]];
      expect(validateDrawNumbers(rules('ca_lotto649'), row.date, main, row.special)).toBe(
        `Main number ${row.main[0]} is repeated.`,
      );
    });

    it('Powerball era boundary: 69 is invalid on 2015-10-06 and valid on 2015-10-07', () => {
      const powerball = rules('us_powerball');
      expect(validateDrawNumbers(powerball, '2015-10-06', [1, 2, 3, 4, 69], [1])).toBe(
        'Main number 69 is out of range 1-59 for draws from 2012-01-18.',
      );
      expect(validateDrawNumbers(powerball, '2015-10-07', [1, 2, 3, 4, 69], [1])).toBeNull();
    });

    it('German Lotto: no Superzahl before 1991-12-07', () => {
      expect(validateDrawNumbers(rules('de_lotto'), '1991-11-30', [1, 2, 3, 4, 5, 6], [3])).toBe(
        'Special numbers are not allowed for draws before 1991-12-07.',
      );
    });

    it('SuperEnalotto: Jolly may equal SuperStar because the special group is not distinct', () => {
      const real = rowsOf('it_superenalotto').filter((r) => r.special[0] === r.special[1]);
      expect(real.length).toBe(29); // the README counts 29 such draws
      expect(
        validateDrawNumbers(rules('it_superenalotto'), '2020-01-04', [1, 2, 3, 4, 5, 6], [34, 34]),
      ).toBeNull();
    });

    it('Lotto Texas: 5/44 + a Bonus Ball from its own drum between the two 6/54 eras', () => {
      const texas = rules('tx_lotto_texas');
      // The Texas Lottery's file gives the Bonus Ball as a sixth number; the bundle holds it as the special.
      expect(realRow('tx_lotto_texas', '2003-05-07')).toMatchObject({
        main: [1, 28, 11, 41, 17],
        special: [40],
      });
      expect(validateDrawNumbers(texas, '2003-05-07', [1, 28, 11, 41, 17, 40], [])).toBe(
        'Expected 5 main numbers on 2003-05-07, got 6.',
      );
      // A separate drum: the Bonus Ball may repeat a main number (34 real draws do).
      const repeats = rowsOf('tx_lotto_texas').filter((r) => r.special.some((n) => r.main.includes(n)));
      expect(repeats).toHaveLength(34);
      expect(validateDrawNumbers(texas, '2006-04-22', [1, 2, 3, 4, 44], [44])).toBeNull();
      expect(validateDrawNumbers(texas, '2006-04-22', [1, 2, 3, 4, 45], [1])).toBe(
        'Main number 45 is out of range 1-44 for draws from 2003-05-07.',
      );
      expect(validateDrawNumbers(texas, '2006-04-26', [1, 2, 3, 4, 5, 54], [])).toBeNull();
      expect(validateDrawNumbers(texas, '2000-07-15', [1, 2, 3, 4, 5, 51], [])).toBe(
        'Main number 51 is out of range 1-50 for draws from 1992-11-14.',
      );
    });

    it('Hatoslottó: a bonus number until 2007-07-22, none from 2007-07-29', () => {
      const hatos = rules('hu_hatoslotto');
      const last = realRow('hu_hatoslotto', '2007-07-22');
      expect(last.special).toHaveLength(1);
      expect(validateDrawNumbers(hatos, last.date, last.main, [])).toBe(
        'Expected 1 special number on 2007-07-22, got 0.',
      );
      expect(validateDrawNumbers(hatos, '2007-07-29', [7, 13, 18, 27, 30, 33], [1])).toBe(
        'Special numbers are not allowed for draws from 2007-07-29.',
      );
      // Drawn from the same 45 balls after the six: never one of them (as the bundle tool checks).
      const bonusDraws = rowsOf('hu_hatoslotto').filter((row) => row.special.length > 0);
      expect(bonusDraws).toHaveLength(142);
      expect(bonusDraws.filter((row) => row.main.includes(row.special[0]))).toEqual([]);
    });

    it('Sportka: two draws a date (1. tah, 2. tah), each 6/49 + an additional number from the same drum', () => {
      const sportka = rules('cz_sportka');
      const rows = rowsOf('cz_sportka');
      // Sazka's export, row of 2026-01-11: 11. 1. 2026;2026;02;7;29;16;39;40;18;4;48;18;31;42;34;36;22;24
      const night = rows.filter((row) => row.date === '2026-01-11');
      expect(night.map((row) => ({ main: row.main, special: row.special, round: row.round ?? 1 }))).toEqual([
        { main: [29, 16, 39, 40, 18, 4], special: [48], round: 1 },
        { main: [18, 31, 42, 34, 36, 22], special: [24], round: 2 },
      ]);
      expect(rows).toHaveLength(7544);
      expect(new Set(rows.map((row) => row.date)).size).toBe(3772);
      expect(rows.filter((row) => row.round === 2)).toHaveLength(3772);
      // The additional number is the seventh ball from the same 49: never one of the six (the bundle tool checks it).
      expect(rows.filter((row) => row.main.includes(row.special[0]))).toEqual([]);
      expect(validateDrawNumbers(sportka, '2026-01-11', [29, 16, 39, 40, 18, 50], [48])).toBe(
        'Main number 50 is out of range 1-49 for draws from 1994-01-09.',
      );
      expect(validateDrawNumbers(sportka, '2026-01-11', [29, 16, 39, 40, 18, 4], [])).toBe(
        'Expected 1 special number on 2026-01-11, got 0.',
      );
      expect(validateDrawNumbers(sportka, '1994-01-02', [1, 2, 3, 4, 5, 6], [7])).toBe(
        'No rules are in force on 1994-01-02.',
      );
    });

    it('dates before the first era', () => {
      expect(validateDrawNumbers(rules('us_powerball'), '1997-10-29', [1, 2, 3, 4, 5], [1])).toBe(
        'No rules are in force on 1997-10-29.',
      );
    });
  });
});
