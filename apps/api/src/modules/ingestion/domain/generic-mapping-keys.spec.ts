import { parseSourceMapping } from './generic-mapping';

const base = { format: 'csv', date: 'd', main: 'm' };
const problemOf = (value: Record<string, unknown>) => {
  const parsed = parseSourceMapping({ ...base, ...value });
  return 'problem' in parsed ? parsed.problem : null;
};

describe('parseSourceMapping: what operators publish', () => {
  it('keeps the keys of archives, encodings, positions, dates, rounds, filters and requests', () => {
    const mapping = {
      format: 'csv',
      archive: { type: 'zip', member: '\\.csv$' },
      encoding: 'windows-1252',
      header: false,
      date: ['2', '3', '4'],
      dateFormat: 'MM-DD-YYYY',
      main: ['5', '6'],
      round: '7',
      filter: { '8': '0' },
      headers: { 'X-ESA-API-Key': 'ROBOT', Accept: 'text/csv' },
      method: 'POST',
      body: { from: '{since}' },
    };
    expect(parseSourceMapping(mapping)).toEqual({ mapping });
    expect(problemOf({ dateFormat: 'DD-MMM-YYYY' })).toBeNull();
    expect(problemOf({ dateFormat: 'epoch-ms' })).toBeNull();
    expect(problemOf({ archive: { type: 'zip' }, format: 'json' })).toBeNull();
    expect(problemOf({ method: 'POST', body: 'from={since}' })).toBeNull();
    const rows = { format: 'csv', date: 'd', draws: [{ main: 'm1' }, { main: ['a', 'b'], special: 's2' }] };
    expect(parseSourceMapping(rows)).toEqual({ mapping: rows });
  });

  it.each([
    [{ archive: 'zip' }, "archive must be {type: 'zip', member?: a regular expression on the member's name}"],
    [{ archive: { type: 'tar' } }, "archive must be {type: 'zip'"],
    [{ archive: { type: 'zip', level: 9 } }, "archive must be {type: 'zip'"],
    [{ archive: { type: 'zip', member: '(' } }, 'archive.member is not a valid regular expression'],
    [{ encoding: 'latin1' }, 'encoding must be one of utf-8, windows-1252, iso-8859-1, windows-1255'],
    [{ header: 'no' }, 'header must be true or false, with format csv'],
    [{ header: false, format: 'json' }, 'header must be true or false, with format csv'],
    [{ header: false }, "with header false, fields are column positions ('1', '2', …): 'd' is not one"],
    [
      {
        header: false,
        date: '1',
        main: ['2'],
        prizes: { currency: 'EUR', divisions: [{ rank: 1, amount: 'x' }] },
      },
      "'x' is not one",
    ],
    [{ date: ['a', 'b', 'c', 'd'] }, 'date must name a field, or list up to 3 fields of its parts'],
    [{ dateFormat: 'DD-MMM-MM-YYYY' }, 'dateFormat must hold YYYY, MM or MMM, and DD once each'],
    [{ dateFormat: 'epoch' }, 'dateFormat must hold'],
    [{ dateFormat: 'epoch-ms', date: ['a', 'b'] }, "dateFormat 'epoch-ms' reads one date field"],
    [{ round: '' }, 'round must name a field'],
    [{ draws: [{ main: 'a' }, { main: 'b' }] }, 'with draws, main cannot be given'],
    [{ main: undefined, draws: [{ main: 'a' }] }, 'draws must list 2 to 10 draws {main, special?}'],
    [
      { main: undefined, draws: [{ main: 'a' }, { main: 'b', round: 'r' }] },
      "draws[1] has an unknown key 'round'",
    ],
    [{ main: undefined, draws: [{ main: 'a' }, { special: 'b' }] }, 'draws[1].main must name a field'],
    [
      { main: undefined, round: 'r', draws: [{ main: 'a' }, { main: 'b' }] },
      'with draws, round cannot be given',
    ],
    [{ filter: {} }, 'filter must map 1 to 5 fields to the text each must hold'],
    [{ filter: { seq: 0 } }, 'filter must map 1 to 5 fields'],
    [{ method: 'PUT' }, "method must be 'GET' or 'POST'"],
    [{ body: 'x' }, "body needs method 'POST'"],
    [{ method: 'POST', body: ['x'] }, 'body must be text or a JSON object'],
    [{ method: 'POST', body: 'x'.repeat(10_001) }, 'body must be at most 10000 characters'],
    [{ headers: { 'Bad Name': 'x' } }, 'headers must map up to 20 header names to values of printable ASCII'],
    [{ headers: { 'X-A': 'line\r\nInjected: 1' } }, 'headers must map up to 20 header names'],
    [
      { headers: { Host: 'example.org' } },
      'headers may not set Host (the service sets it); refused: the hop-by-hop',
    ],
    [{ headers: { connection: 'close' } }, 'headers may not set connection (hop-by-hop); refused:'],
    [
      { headers: { 'User-Agent': 'curl' } },
      'headers may not set User-Agent (the service sets it: it names the software)',
    ],
    [
      { headers: { Authorization: 'Bearer x' } },
      'headers may not set Authorization (credentials are not stored in a mapping)',
    ],
    [{ headers: { Cookie: 'a=b' } }, 'headers may not set Cookie (credentials'],
    [{ headers: { 'X-Api-Key': 'k' } }, 'headers may not set X-Api-Key (credentials'],
  ])('refuses %j', (value, problem) => expect(problemOf(value)).toContain(problem));

  it('says which headers it refuses', () => {
    expect(problemOf({ headers: { 'X-Auth-Token': 't' } })).toBe(
      'headers may not set X-Auth-Token (credentials are not stored in a mapping); refused: the hop-by-hop ' +
        "Connection, Keep-Alive, Proxy-Connection, TE, Trailer, Transfer-Encoding, Upgrade; the service's Host, " +
        'Content-Length, Expect, User-Agent, Accept-Encoding; credentials (Authorization, Cookie, names with auth, ' +
        'token, secret, password, session, key or signature) except X-ESA-API-Key',
    );
  });
});

describe('parseSourceMapping: Szerencsejáték cmsfiles (undated, from, prizes.suffix)', () => {
  const hungarian = { format: 'csv', header: false, delimiter: ';', date: '3', dateFormat: 'YYYY.MM.DD.' };

  it('keeps the draws of a row, undated rows ignored, a first date and an amount suffix', () => {
    const skandi = {
      ...hungarian,
      draws: [{ main: ['12', '13'] }, { main: ['19', '20'] }],
      undated: 'ignore',
      from: '2004-11-03',
    };
    expect(parseSourceMapping(skandi)).toEqual({ mapping: skandi });
    const otos = {
      ...hungarian,
      main: ['12', '13'],
      prizes: { currency: 'HUF', suffix: 'Ft', divisions: [{ rank: 1, winners: '4', amount: '5' }] },
    };
    expect(parseSourceMapping(otos)).toEqual({ mapping: otos });
  });

  it.each([
    [{ undated: 'skip' }, "undated must be 'ignore'"],
    [{ from: '2004-13-01' }, "from must be a date 'YYYY-MM-DD'"],
    [{ prizes: { currency: 'HUF', suffix: '', divisions: [{ rank: 1 }] } }, 'prizes.suffix must be 1 to 10'],
    [
      { prizes: { currency: 'HUF', suffix: ' Ft', divisions: [{ rank: 1 }] } },
      'prizes.suffix must be 1 to 10',
    ],
  ])('refuses %j', (value, problem) => expect(problemOf(value)).toContain(problem));

  it('checks the row draws’ columns as positions with header false', () => {
    expect(problemOf({ ...hungarian, main: undefined, draws: [{ main: ['12'] }, { main: ['hand'] }] })).toBe(
      "with header false, fields are column positions ('1', '2', …): 'hand' is not one",
    );
  });
});
