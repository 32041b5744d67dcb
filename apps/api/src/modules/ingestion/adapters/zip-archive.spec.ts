import { crc32, deflateRawSync } from 'node:zlib';
import { SourceFormatError } from './source-adapter';
import { readZipMember } from './zip-archive';

interface Entry {
  name: string;
  data: Buffer;
  method?: 0 | 8 | 12;
  flags?: number;
}

/** A ZIP as `zip -X` writes one: local headers and data, then the central directory and its end record. */
function makeZip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, method = 8, flags = 0 } of entries) {
    const packed = method === 8 ? deflateRawSync(data) : data;
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CSV = Buffer.from('date,n\n2026-01-01,1 2 3\n');
const read = (zip: Buffer, options: { pattern?: RegExp; extension?: string; maxBytes?: number } = {}) =>
  readZipMember(zip, { extension: '.csv', maxBytes: 1024 * 1024, ...options });
const failure = (zip: Buffer, options?: Parameters<typeof read>[1]) => {
  try {
    read(zip, options);
  } catch (error) {
    expect(error).toBeInstanceOf(SourceFormatError);
    return (error as Error).message;
  }
  throw new Error('expected a SourceFormatError');
};

describe('readZipMember', () => {
  it('reads a deflated or a stored member', () => {
    expect(read(makeZip([{ name: 'a.csv', data: CSV }]))).toEqual(CSV);
    expect(read(makeZip([{ name: 'a.csv', data: CSV, method: 0 }]))).toEqual(CSV);
  });

  it('picks the first .csv by default, the only member otherwise, or the first matching `pattern`', () => {
    const other = Buffer.from('other');
    const zip = makeZip([
      { name: 'docs/', data: Buffer.alloc(0), method: 0 },
      { name: 'readme.txt', data: other },
      { name: 'draws_2019.CSV', data: CSV },
      { name: 'draws_2020.csv', data: other },
    ]);
    expect(read(zip)).toEqual(CSV);
    expect(read(zip, { pattern: /_2020\./ })).toEqual(other);
    expect(read(makeZip([{ name: 'export', data: CSV }]))).toEqual(CSV);
    expect(read(makeZip([{ name: 'a.json', data: other }]), { extension: '.json' })).toEqual(other);
  });

  it.each([
    ['nothing', Buffer.alloc(0), 'the source answered nothing, not a ZIP archive'],
    [
      'an HTML error page',
      Buffer.from('\n<!DOCTYPE html><html><body>Service unavailable</body></html>'),
      'the source answered HTML or XML, not a ZIP archive (an error page?)',
    ],
    ['other bytes', Buffer.from('date,n\n'), 'the source answered 7 bytes that are not a ZIP archive'],
  ])('refuses %s', (_what, body, message) => expect(failure(body)).toBe(message));

  it('refuses a truncated archive, whatever its length', () => {
    const zip = makeZip([{ name: 'a.csv', data: Buffer.from('x'.repeat(5000)) }]);
    for (const length of [4, 40, zip.length - 30, zip.length - 1])
      expect(failure(zip.subarray(0, length))).toMatch(/^the ZIP archive is truncated or corrupt/);
  });

  it('refuses a member whose bytes are corrupt, too large, encrypted or compressed otherwise', () => {
    const zip = makeZip([{ name: 'a.csv', data: CSV, method: 0 }]);
    const flipped = Buffer.from(zip);
    flipped[31 + 'a.csv'.length] ^= 0xff; // a byte of the stored data
    expect(failure(flipped)).toBe('the ZIP archive is corrupt (its member fails its size or CRC-32 check)');
    const deflated = makeZip([{ name: 'a.csv', data: Buffer.from('y'.repeat(4000)) }]);
    expect(failure(deflated, { maxBytes: 100 })).toBe('the ZIP member is larger than 100 bytes (4000 bytes)');
    // A member that lies about its size is cut at the cap while inflating.
    const lying = Buffer.from(deflated);
    lying.writeUInt32LE(50, lying.length - 22 - 46 - 5 + 24);
    expect(failure(lying, { maxBytes: 100 })).toBe('the ZIP member inflates beyond 100 bytes');
    expect(failure(makeZip([{ name: 'a.csv', data: CSV, flags: 1 }]))).toBe('the ZIP member is encrypted');
    expect(failure(makeZip([{ name: 'a.csv', data: CSV, method: 12 }]))).toBe(
      'the ZIP member uses compression method 12 (only stored and deflate are read)',
    );
  });

  it('says when no member fits, without naming the members (they come from the answer)', () => {
    const zip = makeZip([
      { name: 'a.txt', data: CSV },
      { name: 'b.txt', data: CSV },
    ]);
    expect(failure(zip)).toBe(
      'the ZIP archive has no .csv member (it holds 2 files): name one with archive.member',
    );
    expect(failure(zip, { pattern: /^c/ })).toBe(
      'the ZIP archive has no member matching archive.member (it holds 2 files)',
    );
  });
});
