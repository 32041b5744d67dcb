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
      'at_lotto',
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
      'eu_eurodreams',
      'eu_eurojackpot',
      'eu_euromillions',
      'fr_lotto',
      'hu_hatoslotto',
      'hu_otoslotto',
      'hu_skandinav',
      'il_lotto',
      'it_superenalotto',
      'kr_lotto645',
      'tx_lotto_texas',
      'tx_two_step',
      'uk_lotto',
      'uk_thunderball',
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
    expect(lotteries).toHaveLength(30);
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

  it('documents 755 off-schedule draws, as the README says', () => {
    expect(lotteries.reduce((sum, l) => sum + Object.keys(l.offScheduleDraws).length, 0)).toBe(755);
  });

  it('holds 75,896 draws in total, as the README says', () => {
    const total = [...parsed.values()].reduce((sum, result) => sum + result.rows.length, 0);
    expect(total).toBe(75_896);
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

    it('Lotto 6 aus 45: 6/45 and a Zusatzzahl from the same drum; the mirror’s repeat of 1993-01-03 left out', () => {
      const austria = rules('at_lotto');
      expect(realRow('at_lotto', '1986-09-07')).toMatchObject({
        main: [1, 20, 22, 24, 27, 40],
        special: [12],
      });
      expect(validateDrawNumbers(austria, '2026-04-29', [4, 6, 9, 12, 18, 46], [39])).toBe(
        'Main number 46 is out of range 1-45 for draws from 1986-09-07.',
      );
      expect(validateDrawNumbers(austria, '2026-04-29', [4, 6, 9, 12, 18, 31], [])).toBe(
        'Expected 1 special number on 2026-04-29, got 0.',
      );
      // Drawn after the six from the balls left: never one of them, in any of the 3,630 draws.
      const rows = rowsOf('at_lotto');
      expect(rows).toHaveLength(3630);
      expect(rows.filter((row) => row.special.length !== 1 || row.main.includes(row.special[0]))).toEqual([]);
      // 1995-01-03 repeats 1993-01-03's seven numbers in the mirror: a copied row, not a draw (the tool drops it).
      expect(realRow('at_lotto', '1993-01-03')).toMatchObject({
        main: [1, 26, 33, 34, 39, 40],
        special: [45],
      });
      expect(rows.find((row) => row.date === '1995-01-03')).toBeUndefined();
    });

    it('Texas Two Step: 4 of 35 and a Bonus Ball 1-35 from its own drum, one era since 2001-05-18', () => {
      const twoStep = rules('tx_two_step');
      expect(realRow('tx_two_step', '2001-05-18')).toMatchObject({ main: [9, 10, 22, 13], special: [1] });
      // A separate drum: the Bonus Ball may repeat a main number (290 real draws do).
      const repeats = rowsOf('tx_two_step').filter((r) => r.special.some((n) => r.main.includes(n)));
      expect(repeats).toHaveLength(290);
      expect(validateDrawNumbers(twoStep, '2025-01-02', [1, 2, 3, 35], [35])).toBeNull();
      expect(validateDrawNumbers(twoStep, '2025-01-02', [1, 2, 3, 36], [1])).toBe(
        'Main number 36 is out of range 1-35 for draws from 2001-05-18.',
      );
      expect(validateDrawNumbers(twoStep, '2001-05-17', [1, 2, 3, 4], [1])).not.toBeNull();
    });

    it('Lotto 6/45: a bonus number from the same 45 balls, never one of the six', () => {
      const korea = rules('kr_lotto645');
      expect(realRow('kr_lotto645', '2026-09-12')).toMatchObject({
        main: [7, 13, 16, 23, 24, 43],
        special: [9],
      });
      expect(rowsOf('kr_lotto645').filter((r) => r.main.includes(r.special[0]))).toEqual([]);
      expect(validateDrawNumbers(korea, '2026-09-12', [7, 13, 16, 23, 24, 46], [9])).toBe(
        'Main number 46 is out of range 1-45 for draws from 2002-12-07.',
      );
    });

    it('EuroDreams: 6/40 in draw order and a Dream number 1-5 from its own drum', () => {
      const dreams = rules('eu_eurodreams');
      // FDJ's first row (its newest draw): 25096;LUNDI;01/12/2025;…;33;23;38;19;15;12;3 (balls in the order drawn).
      expect(realRow('eu_eurodreams', '2025-12-01')).toMatchObject({
        main: [33, 23, 38, 19, 15, 12],
        special: [3],
      });
      expect(validateDrawNumbers(dreams, '2025-12-01', [33, 23, 38, 19, 15, 12], [6])).toBe(
        'Special number 6 is out of range 1-5 for draws from 2023-11-06.',
      );
      expect(validateDrawNumbers(dreams, '2025-12-01', [33, 23, 38, 19, 15, 41], [3])).toBe(
        'Main number 41 is out of range 1-40 for draws from 2023-11-06.',
      );
      expect(rowsOf('eu_eurodreams')).toHaveLength(217);
    });

    it('Thunderball: 5/39 in draw order and a Thunderball 1-14 from its own drum', () => {
      const thunderball = rules('uk_thunderball');
      // The operator's CSV, first row (newest): 18-Jun-2022,35,31,13,21,8,2 (kept in the order drawn).
      expect(realRow('uk_thunderball', '2022-06-18')).toMatchObject({
        main: [35, 31, 13, 21, 8],
        special: [2],
      });
      expect(validateDrawNumbers(thunderball, '2022-06-18', [35, 31, 13, 21, 8], [15])).toBe(
        'Special number 15 is out of range 1-14 for draws from 2010-05-09.',
      );
      expect(validateDrawNumbers(thunderball, '2022-06-18', [35, 31, 13, 21, 40], [2])).toBe(
        'Main number 40 is out of range 1-39 for draws from 2010-05-09.',
      );
      // Its own drum: the Thunderball may equal a main number (2021-12-28: 38 13 4 2 28, Thunderball 4).
      expect(realRow('uk_thunderball', '2021-12-28')).toMatchObject({
        main: [38, 13, 4, 2, 28],
        special: [4],
      });
      // Two copies of the operator's 180-day file (2018-08-29..2019-02-23, 2021-12-21..2022-06-18), none between.
      expect(rowsOf('uk_thunderball')).toHaveLength(207);
      expect(
        rowsOf('uk_thunderball').filter((row) => row.date > '2019-02-23' && row.date < '2021-12-21'),
      ).toEqual([]);
    });

    it('Israel Lotto: 6/37 (sorted) and a strong number 1-7 from its own drum', () => {
      const lotto = rules('il_lotto');
      // Mifal HaPais' CSV, first row (newest): 3605,22/07/2023,02,04,18,22,29,30,2,0,0,
      expect(realRow('il_lotto', '2023-07-22')).toMatchObject({ main: [2, 4, 18, 22, 29, 30], special: [2] });
      expect(validateDrawNumbers(lotto, '2023-07-22', [2, 4, 18, 22, 29, 30], [8])).toBe(
        'Special number 8 is out of range 1-7 for draws from 2019-08-06.',
      );
      expect(validateDrawNumbers(lotto, '2023-07-22', [2, 4, 18, 22, 29, 38], [2])).toBe(
        'Main number 38 is out of range 1-37 for draws from 2019-08-06.',
      );
      // Its own drum: the strong number may equal a main number, as on this very draw (2 and strong 2) and on
      // 2023-07-13 (3602,13/07/2023,07,09,17,29,30,33,7,0,0,).
      expect(realRow('il_lotto', '2023-07-13')).toMatchObject({ main: [7, 9, 17, 29, 30, 33], special: [7] });
      // Draws 3161 (2019-08-06, the Lotto 2019 plan's first) to 3605, none missing.
      expect(rowsOf('il_lotto')).toHaveLength(445);
      expect(rowsOf('il_lotto')[0]).toMatchObject({
        date: '2019-08-06',
        main: [1, 14, 25, 29, 30, 33],
        special: [3],
      });
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
