import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundledDataDir, loadBundledLotteries } from '../src/modules/draws/domain/bundled-lotteries';
import { parseDrawCsv } from '../src/modules/draws/domain/draw-csv';
import type { SourceEndpoint } from '../src/modules/ingestion/domain/source-config';
import { Http } from './support/http';
import { setUp } from './support/ingestion';
import { type SourceServer, startSourceServer } from './support/source-server';
import { TestApp } from './support/test-app';

/** The dates of a lottery's bundled draws that hold a special number. */
function bonusBallDraws(tag: string): string[] {
  const csv = readFileSync(join(bundledDataDir(), `${tag}.csv`), 'utf8');
  return parseDrawCsv(csv)
    .rows.filter((row) => row.special.length > 0)
    .map((row) => row.date);
}

/**
 * Every source that lotteries.json ships (each lottery's official feed and its fallbacks) read from a real
 * publication of its format (test/fixtures/sources, provenance in its README), served by a local server: the
 * newest five draws that both the sample and the bundle hold are deleted, a sync with the shipped mapping brings
 * exactly them back (and the draws the sample has after the bundle ends), nothing else is written.
 */
const SAMPLES: Record<string, Sample> = {
  'https://data.ny.gov/resource/d6yy-54nr.json': {
    file: 'ny-socrata/powerball-2017.json',
    until: '2017-11-04',
  },
  // No real answer of NY's Mega Millions dataset was found in public code: this one is made to its documented
  // format (see the README), so this row tests the mapping, not the publication.
  'https://data.ny.gov/resource/5xaw-6ayf.json': {
    file: 'megamillions.json',
    until: '2026-08-07',
    newer: 1,
    deleteFive: false,
  },
  // data.ny.gov's CSV exports (the whole history, Socrata's row order): NY Lotto's as downloaded in 2025-10.
  'https://data.ny.gov/api/views/6nbc-h7bj/rows.csv?accessType=DOWNLOAD': {
    file: 'ny-socrata/Lottery_NY_Lotto_Winning_Numbers__Beginning_2001.csv',
    until: '2025-10-11',
  },
  // CAIXA's JSON API: one contest an answer. Real answers of Mega-Sena (in the bundle) and Quina (after it ends);
  // none of Lotofácil was found: its sample is made from the bundle's last contest (see the README). Served at a
  // path without {contest}, the sync reads it as the latest contest, as a first sync does (the catch-up from the
  // last contest read is sync-catch-up.spec.ts).
  'https://servicebus2.caixa.gov.br/portaldeloterias/api/megasena/{contest}': {
    file: 'caixa/megasena-2925.json',
    until: '2025-10-09',
    count: 1,
    prizes: 1,
  },
  'https://servicebus2.caixa.gov.br/portaldeloterias/api/quina/{contest}': {
    file: 'caixa/quina-6849.json',
    until: '2024-08-16',
    newer: 1,
    deleteFive: false,
    prizes: 1,
  },
  'https://servicebus2.caixa.gov.br/portaldeloterias/api/lotofacil/{contest}': {
    file: 'made/caixa/lotofacil.json',
    until: '2025-11-17',
    count: 1,
    prizes: 1,
  },
  // Cash4Life's export (kwxv-fwze) as downloaded in 2020-05: the bundle's own source, ending with it.
  'https://data.ny.gov/api/views/kwxv-fwze/rows.csv?accessType=DOWNLOAD': {
    file: 'ny-socrata/Lottery_Cash_4_Life_Winning_Numbers__Beginning_2014.csv',
    until: '2020-05-10',
  },
  // No byte-for-byte copy of Take 5's export in its current layout (midday and evening side by side) was found:
  // the bundle's newest draws written in that layout (see the README), read through the mapping's `draws`.
  'https://data.ny.gov/api/views/dg63-4siq/rows.csv?accessType=DOWNLOAD': {
    file: 'made/ny-socrata/Lottery_Take_5_Winning_Numbers__Beginning_1992.csv',
    until: '2020-12-13',
  },
  'https://www.texaslottery.com/export/sites/lottery/Games/Powerball/Winning_Numbers/powerball.csv': {
    file: 'made/texas/powerball.csv',
    until: '2026-08-05',
  },
  'https://www.texaslottery.com/export/sites/lottery/Games/Mega_Millions/Winning_Numbers/megamillions.csv': {
    file: 'made/texas/megamillions.csv',
    until: '2026-08-07',
  },
  'https://raw.githubusercontent.com/jbaranski/jeffs-lottery-utils/main/numbers/powerball.csv': {
    file: 'jbaranski/powerball.csv',
    until: '2026-08-05',
  },
  'https://raw.githubusercontent.com/jbaranski/jeffs-lottery-utils/main/numbers/megamillions.csv': {
    file: 'jbaranski/megamillions.csv',
    until: '2026-08-07',
  },
  'https://www.sto.api.fdj.fr/anonymous/service-draw-info/v3/documentations/1a2b3c4d-9876-4562-b3fc-2c963f66afe6':
    {
      file: 'fdj/euromillions_202002.zip',
      until: '2025-03-25',
      // FDJ dates its 2022-08-19 draw 18/08/2022, a Thursday: no EuroMillions draw takes place then.
      rejected: [{ date: '2022-08-18', message: expect.stringContaining('no draw is scheduled') }],
    },
  'https://www.sto.api.fdj.fr/anonymous/service-draw-info/v3/documentations/1a2b3c4d-9876-4562-b3fc-2c963f66afp6':
    { file: 'loto_201911.zip', until: '2024-07-24' },
  // EuroDreams: FDJ's file (a byte copy, the bundle's own source, ending with it), zipped as FDJ serves it; every draw
  // carries its six ranks' prizes.
  'https://www.sto.api.fdj.fr/anonymous/service-draw-info/v3/documentations/1a2b3c4d-9876-4562-b3fc-2c963f66afa5':
    { file: 'fdj/eurodreams_202311.zip', until: '2025-12-01', prizes: 5 },
  'https://johannesfriedrich.github.io/LottoNumberArchive/Lottonumbers_complete.json': {
    file: 'johannesfriedrich/Lottonumbers_complete.json',
    until: '2026-07-22',
  },
  'https://raw.githubusercontent.com/daowa89/lottery-archive/main/de/lotto_6aus49/results.csv': {
    file: 'daowa89/lotto_6aus49/results.csv',
    until: '2026-07-22',
    // 2026-07-25..2026-08-22: published after the bundle's snapshot.
    newer: 9,
  },
  // Austria's Lotto 6 aus 45: the mirror's file, the bundle's own source (a byte copy, ending with it). The four newest
  // draws are Wednesdays and Sundays (the fifth, 2026-04-17, is a Friday bonus draw: a new one is refused as off the
  // calendar). The mirror's 1995-01-03 row, a repeat of 1993-01-03 left out of the bundle, is refused the same way.
  'https://raw.githubusercontent.com/daowa89/lottery-archive/main/at/lotto_6aus45/results.csv': {
    file: 'daowa89/lotto_6aus45/results.csv',
    until: '2026-04-29',
    count: 4,
    rejected: [
      { date: '1995-01-03', message: expect.stringContaining('no draw is scheduled on 1995-01-03') },
    ],
  },
  // Veikkaus' Eurojackpot answer of week 2024-W26 (byako's real copy): its two draws and what each paid, in cents.
  'https://www.veikkaus.fi/api/draw-results/v1/games/EJACKPOT/draws/by-week/{isoWeek}': {
    file: 'byako/ejackpot_2024_26.json',
    until: '2024-06-28',
    count: 2,
    prizes: 2,
  },
  'https://bet.szerencsejatek.hu/cmsfiles/eurojackpot.csv': {
    file: 'made/szerencsejatek/eurojackpot.csv',
    until: '2026-08-14',
  },
  // Szerencsejáték's own files, byte copies (test/fixtures/sources/szerencsejatek, README): their undated rows
  // (before 2004-11) and Hatoslottó's rows before 2007-07-29 (another layout) are ignored; every other draw's prizes
  // equal the bundled ones (only the five synced back are written).
  'https://bet.szerencsejatek.hu/cmsfiles/otos.csv': {
    file: 'szerencsejatek/otos.csv',
    until: '2023-03-11',
    ignored: 2487,
    prizes: 5,
  },
  'https://bet.szerencsejatek.hu/cmsfiles/hatos.csv': {
    file: 'szerencsejatek/hatos.csv',
    until: '2026-06-04',
    ignored: 652 + 142,
    prizes: 5,
  },
  // Two draws a row (rounds 1 and 2): the five newest draws are those of three dates.
  'https://bet.szerencsejatek.hu/cmsfiles/skandi.csv': {
    file: 'szerencsejatek/skandi.csv',
    until: '2021-09-15',
    ignored: 264,
  },
  'https://www.national-lottery.co.uk/results/lotto/draw-history/csv': {
    file: 'made/uk-national-lottery/lotto-draw-history.csv',
    until: '2025-07-30',
  },
  // Thunderball: the operator's CSV (its last 180 days) as served 2022-06-19, a byte copy, the bundle's own source.
  'https://www.national-lottery.co.uk/results/thunderball/draw-history/csv': {
    file: 'markheydon/thunderball-draw-history.csv',
    until: '2022-06-18',
  },
  // Israel Lotto: Mifal HaPais' results CSV (the bundle's own source, its first 446 lines), re-encoded to
  // Windows-1255 as the operator serves it (the index gave the decoded text: pais/Lotto.csv). The five deleted are
  // the regular draws before Thursday 2023-07-13: the sync refuses a Thursday draw it does not hold (no draw is
  // scheduled; an administrator adds it), so deleting that one would leave it out.
  'https://www.pais.co.il/Lotto/lotto_resultsDownload.aspx': {
    file: 'pais/Lotto.windows-1255.csv',
    until: '2023-07-11',
  },
  'https://data.api.thelott.com/sales/vmax/web/data/lotto/latestresults': {
    // One URL for the three Australian games: the request's body names the game (answered per lottery below).
    file: 'made/thelott/latestresults-{tag}.json',
    until: 'last',
  },
  'https://www.texaslottery.com/export/sites/lottery/Games/Lotto_Texas/Winning_Numbers/lottotexas.csv': {
    file: 'texas/lottotexas.csv',
    until: '2026-02-11',
    // Texas publishes the Bonus Ball of 2003-05-07..2006-04-22 as a sixth number, which the mapping reads as a main
    // number: the rules of that era (5 of 44 + the Bonus Ball) refuse each of those rows, named.
    rejected: bonusBallDraws('tx_lotto_texas').map((date) => ({
      date,
      message: expect.stringContaining(`Expected 5 main numbers on ${date}, got 6`),
    })),
  },
  // Texas Two Step's file as committed in busybiee/Lot-All, whose owner added one header line on top: the mapping's
  // filter (column 1 is 'Texas Two Step') leaves it out as it would any line of another game.
  'https://www.texaslottery.com/export/sites/lottery/Games/Texas_Two_Step/Winning_Numbers/texastwostep.csv': {
    file: 'texas/texastwostep.csv',
    until: '2025-01-02',
  },
  // Donghaeng Lottery's results API: no real answer of srchLtEpsd=all (the whole history) was found; this is a real
  // answer of the same API's 10-draw page (selectPstLt645InfoNew.do?srchDir=center&srchLtEpsd=1241), same items.
  'https://www.dhlottery.co.kr/lt645/selectPstLt645Info.do?srchLtEpsd=all': {
    file: 'dhlottery/center-1241.json',
    until: '2026-09-12',
    prizes: 5,
  },
  'https://www.playnow.com/resources/documents/downloadable-numbers/649.zip': {
    file: '649.zip',
    until: '2024-05-25',
  },
  'https://www.playnow.com/resources/documents/downloadable-numbers/LOTTOMAX.zip': {
    file: 'LOTTOMAX.zip',
    until: '2024-05-24',
  },
};

interface Sample {
  /** Below test/fixtures/sources. */
  file: string;
  /** The newest date that both the sample and the bundle hold ('last': the bundle's last draw). */
  until: string;
  /** How many of the newest draws both hold are deleted first (default 5). */
  count?: number;
  /** Draws the sample holds after the bundle ends. */
  newer?: number;
  /** Rows the sync must refuse (a publisher's known quirk), each named. */
  rejected?: { date: string; message: unknown }[];
  /** false: the sample does not repeat the bundle's draws (a made-up answer): nothing is deleted first. */
  deleteFive?: boolean;
  /** Rows the mapping leaves out on purpose (undated, before its `from`). */
  ignored?: number;
  /** Draws whose prizes the sync writes (the deleted ones: the others' equal the stored ones). */
  prizes?: number;
}

const FIXTURES = join(__dirname, 'fixtures', 'sources');
const lotteries = loadBundledLotteries(bundledDataDir()).filter((lottery) => lottery.sync !== null);
const endpoints = lotteries.flatMap(({ tag, sync }) =>
  [sync!, ...sync!.fallbacks].map((endpoint, index) => ({ tag, index, endpoint })),
);

describe('the sources lotteries.json ships, read from real publications', () => {
  let app: TestApp;
  let api: Http;
  let jwt: string;
  let token: string;
  let sources: SourceServer;

  beforeAll(async () => {
    sources = await startSourceServer();
    let admin: { jwt: string };
    ({ app, api, token, admin } = await setUp());
    jwt = admin.jwt;
  });
  afterAll(async () => {
    await app?.close();
    await sources?.close();
  });

  /** The sample of `url` for `tag`, its dates resolved. */
  const sampleOf = async (tag: string, url: string): Promise<Sample> => {
    const sample = SAMPLES[url];
    const last = (await api.get(`/lottery/${tag}`, { token })).body.draws.last as string;
    return {
      ...sample,
      file: sample.file.replace('{tag}', tag),
      until: sample.until === 'last' ? last : sample.until,
    };
  };
  const serve = (path: string, file: string) => {
    const type = file.endsWith('.zip')
      ? 'application/zip'
      : file.endsWith('.csv')
        ? 'text/csv'
        : 'application/json';
    sources.answer(path, { type, body: readFileSync(join(FIXTURES, file)) });
  };
  const local = (endpoint: SourceEndpoint, path: string): SourceEndpoint => ({
    ...endpoint,
    url: sources.url(path),
  });
  /**
   * A page of draws, newest first. Where the lottery does not keep draw order, a source may publish another order
   * than the bundle's (Texas and The Lott publish the order drawn, the bundle sorted): the numbers are compared as
   * sets there.
   */
  const draws = async (tag: string, to: string, limit: number) => {
    const [page, lottery] = await Promise.all([
      api.get(`/lottery/${tag}/draws?to=${to}&limit=${limit}`, { token }),
      api.get(`/lottery/${tag}`, { token }),
    ]);
    const list = page.body.draws as {
      date: string;
      round?: number;
      numbers: { value: number; special: boolean }[];
    }[];
    if (lottery.body.drawOrder) return list;
    return list.map((draw) => ({
      date: draw.date,
      ...(draw.round !== undefined ? { round: draw.round } : {}),
      main: draw.numbers
        .filter((n) => !n.special)
        .map((n) => n.value)
        .sort((a, b) => a - b),
      special: draw.numbers
        .filter((n) => n.special)
        .map((n) => n.value)
        .sort((a, b) => a - b),
    }));
  };
  /** Deletes these draws (a date's other rounds by `round`: Skandináv's hand draw is round 2). */
  const deleteDraws = async (tag: string, draws: { date: string; round?: number }[]) => {
    for (const { date, round } of draws) {
      const which = round !== undefined && round > 1 ? `?round=${round}` : '';
      expect((await api.delete(`/admin/lotteries/${tag}/draws/${date}${which}`, { jwt })).status).toBe(204);
    }
  };
  const syncNow = async (tag: string) => {
    const res = await api.post(`/admin/sources/${tag}/sync`, { jwt });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('every shipped endpoint has a sample of its format', () => {
    expect(endpoints.filter(({ endpoint }) => SAMPLES[endpoint.url] === undefined)).toEqual([]);
    // Two lotteries ship without a source: SuperEnalotto's operator publishes no machine-readable results, and
    // Sazka serves Sportka's export only through a button of its statistics page (a form postback), not at a URL.
    expect(
      loadBundledLotteries(bundledDataDir())
        .filter((l) => l.sync === null)
        .map((l) => l.tag),
    ).toEqual(['it_superenalotto', 'cz_sportka']);
  });

  it.each(
    endpoints.map((e) => [`${e.tag} #${e.index}: ${e.endpoint.adapter} ${e.endpoint.url}`, e] as const),
  )('%s brings back exactly the draws missing', async (_name, { tag, index, endpoint }) => {
    const sample = await sampleOf(tag, endpoint.url);
    const path = `/${tag}/${index}`;
    serve(path, sample.file);
    const put = await api.put(`/admin/sources/${tag}`, {
      jwt,
      body: { ...local(endpoint, path), fallbacks: [] },
    });
    expect(put.status).toBe(200);

    const before = await draws(tag, sample.until, sample.count ?? 5);
    const missing = sample.deleteFive === false ? [] : before;
    await deleteDraws(tag, missing);
    const lastBefore = (await api.get(`/lottery/${tag}`, { token })).body.draws.last as string;

    const result = await syncNow(tag);
    expect(result).toMatchObject({
      error: null,
      inserted: missing.length + (sample.newer ?? 0),
      conflicts: 0,
      corrected: 0,
      rejected: (sample.rejected ?? []).map((row) => expect.objectContaining(row)),
      ...(sample.ignored !== undefined ? { ignored: sample.ignored } : {}),
      ...(sample.prizes !== undefined ? { prizes: sample.prizes } : {}),
    });
    expect(result.unchanged).toBe(result.fetched - result.inserted - result.rejected.length);
    // The same draws, numbers as the bundle held them (draw order where the lottery keeps it).
    expect(await draws(tag, sample.until, sample.count ?? 5)).toEqual(before);
    if (sample.newer) expect(lastBefore < (await draws(tag, '2100-01-01', 1))[0].date).toBe(true);
    // Nothing new the second time.
    expect(await syncNow(tag)).toMatchObject({
      error: null,
      inserted: 0,
      conflicts: 0,
      ...(sample.prizes !== undefined ? { prizes: 0 } : {}),
    });
  });

  // What a feed turns into when it changes or breaks: each fails the first source with a clear reason, writes
  // nothing from it, and the next source answers.
  it.each([
    ['an empty body', { type: 'application/json', body: '' }, /invalid JSON \(0 bytes\)/],
    [
      'a renamed field',
      { type: 'application/json', body: '[{"date":"2026-08-05","numbers":"1 2 3 4 5 6"}]' },
      /no usable row in 1 \(the format may have changed\); row 1: draw_date null/,
    ],
    [
      'a truncated answer',
      { type: 'application/json', body: '[{"draw_date":"2026-08-05T00:00:00.000","winning' },
      /invalid JSON \(48 bytes\)/,
    ],
    ['a server error', { status: 503, type: 'text/plain', body: 'busy' }, /HTTP 503/],
  ] as const)(
    'us_powerball: %s from the official feed moves the sync to its fallback',
    async (_kind, answer, reason) => {
      const { sync } = lotteries.find((l) => l.tag === 'us_powerball')!;
      const fallback = sync!.fallbacks.at(-1)!;
      const sample = await sampleOf('us_powerball', fallback.url);
      sources.answer('/broken', answer);
      serve('/mirror', sample.file);
      const put = await api.put('/admin/sources/us_powerball', {
        jwt,
        body: { ...local(sync!, '/broken'), fallbacks: [local(fallback, '/mirror')] },
      });
      expect(put.status).toBe(200);
      const missing = await draws('us_powerball', sample.until, 1);
      await deleteDraws('us_powerball', missing);

      const result = await syncNow('us_powerball');
      expect(result).toMatchObject({ error: null, inserted: 1, conflicts: 0, rejected: [] });
      expect(result.fallbackAfter).toHaveLength(1);
      expect(result.fallbackAfter[0]).toMatch(reason);
    },
  );

  it.each(lotteries.filter(({ sync }) => sync!.fallbacks.length > 0).map((l) => [l.tag, l] as const))(
    '%s: when the official feed answers an HTML page, the fallback answers',
    async (tag, { sync }) => {
      sources.answer(`/${tag}/down`, {
        type: 'text/html',
        body: readFileSync(join(FIXTURES, 'error-page.html')),
      });
      const fallback = sync!.fallbacks[0];
      const sample = await sampleOf(tag, fallback.url);
      serve(`/${tag}/fallback`, sample.file);
      const put = await api.put(`/admin/sources/${tag}`, {
        jwt,
        body: { ...local(sync!, `/${tag}/down`), fallbacks: [local(fallback, `/${tag}/fallback`)] },
      });
      expect(put.status).toBe(200);
      const missing = await draws(tag, sample.until, 2);
      await deleteDraws(tag, missing);

      const result = await syncNow(tag);
      expect(result).toMatchObject({
        error: null,
        source: `${fallback.adapter} ${sources.url(`/${tag}/fallback`)}`,
        inserted: missing.length,
        fallbackAfter: [expect.stringContaining(sources.url(`/${tag}/down`))],
      });
      const state = (await api.get(`/admin/sync/${tag}`, { jwt })).body;
      expect(state.lastResult.source).toBe(result.source);
    },
  );
});
