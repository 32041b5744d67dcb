import { chooseCoding, notModified } from './export-negotiation';

describe('chooseCoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=1.0, gzip;q=1.0', 'br'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.1, gzip', 'gzip'],
    ['BR', 'br'],
    ['deflate', 'identity'],
  ])('%j → %s', (header, coding) => {
    expect(chooseCoding(header)).toBe(coding);
  });
});

describe('notModified', () => {
  const lastModified = new Date('2026-05-01T10:00:00.700Z');
  it('If-None-Match: any listed tag matching weakly, or *', () => {
    expect(notModified({ ifNoneMatch: 'W/"a"' }, 'W/"a"', lastModified)).toBe(true);
    expect(notModified({ ifNoneMatch: '"a"' }, 'W/"a"', lastModified)).toBe(true);
    expect(notModified({ ifNoneMatch: '"b", W/"a"' }, 'W/"a"', lastModified)).toBe(true);
    expect(notModified({ ifNoneMatch: '*' }, 'W/"a"', lastModified)).toBe(true);
    expect(notModified({ ifNoneMatch: 'W/"b"' }, 'W/"a"', lastModified)).toBe(false);
  });
  it('If-Modified-Since only without If-None-Match, to the second', () => {
    const date = lastModified.toUTCString();
    expect(notModified({ ifModifiedSince: date }, 'W/"a"', lastModified)).toBe(true);
    expect(notModified({ ifModifiedSince: 'Fri, 01 May 2026 09:59:59 GMT' }, 'W/"a"', lastModified)).toBe(
      false,
    );
    expect(notModified({ ifModifiedSince: 'not a date' }, 'W/"a"', lastModified)).toBe(false);
    expect(notModified({ ifNoneMatch: 'W/"b"', ifModifiedSince: date }, 'W/"a"', lastModified)).toBe(false);
  });
});
