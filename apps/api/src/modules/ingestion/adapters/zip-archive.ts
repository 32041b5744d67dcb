import { crc32, inflateRawSync } from 'node:zlib';
import { SourceFormatError } from './source-adapter';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const END_SIZE = 22;
const MAX_COMMENT = 0xffff;
/** Members looked at at most; a source's archive holds one or a few. */
const MAX_MEMBERS = 1000;
/** Member names longer than this are never chosen (a pattern is not run on them). */
const MAX_NAME = 255;

interface Member {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/**
 * The bytes of one member of a ZIP answer: the first whose name matches `pattern`, or else the first named with
 * `extension`, or else the only one. Reads the central directory (bounded: its entries must lie within the
 * answer), then the member's stored or deflated bytes, inflated to at most `maxBytes` and checked against the
 * member's size and CRC-32. Anything else (an error page, a truncated or corrupt archive, ZIP64, encryption, another
 * compression method) is a SourceFormatError that names the problem without quoting the answer.
 */
export function readZipMember(
  zip: Buffer,
  options: { pattern?: RegExp; extension: string; maxBytes: number },
): Buffer {
  assertZip(zip);
  const members = centralDirectory(zip);
  const member = chooseMember(members, options.pattern, options.extension);
  if (member.flags & 0x1) throw new SourceFormatError('the ZIP member is encrypted');
  if (member.method !== 0 && member.method !== 8)
    throw new SourceFormatError(
      `the ZIP member uses compression method ${member.method} (only stored and deflate are read)`,
    );
  if (member.size > options.maxBytes)
    throw new SourceFormatError(
      `the ZIP member is larger than ${options.maxBytes} bytes (${member.size} bytes)`,
    );
  const data = memberData(zip, member);
  let bytes: Buffer;
  if (member.method === 0) bytes = data;
  else {
    try {
      bytes = inflateRawSync(data, { maxOutputLength: options.maxBytes });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new SourceFormatError(`the ZIP member inflates beyond ${options.maxBytes} bytes`);
      throw new SourceFormatError('the ZIP archive is truncated or corrupt (its member does not inflate)');
    }
  }
  if (bytes.length !== member.size || crc32(bytes) !== member.crc)
    throw new SourceFormatError('the ZIP archive is corrupt (its member fails its size or CRC-32 check)');
  return bytes;
}

function assertZip(zip: Buffer): void {
  if (zip.length === 0) throw new SourceFormatError('the source answered nothing, not a ZIP archive');
  const start = zip.subarray(0, 512).toString('latin1').trimStart();
  if (start.startsWith('<'))
    throw new SourceFormatError('the source answered HTML or XML, not a ZIP archive (an error page?)');
  if (zip.length < 4 || zip.readUInt32LE(0) !== LOCAL_HEADER)
    throw new SourceFormatError(`the source answered ${zip.length} bytes that are not a ZIP archive`);
}

/** The members listed by the end-of-central-directory record, found within the last 64 KiB + 22 bytes. */
function centralDirectory(zip: Buffer): Member[] {
  const truncated = (what: string) =>
    new SourceFormatError(`the ZIP archive is truncated or corrupt (${what}; ${zip.length} bytes)`);
  let end = -1;
  for (let at = zip.length - END_SIZE; at >= Math.max(0, zip.length - END_SIZE - MAX_COMMENT); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw truncated('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff)
    throw new SourceFormatError('the ZIP archive is a ZIP64 archive, which is not read');
  if (zip.readUInt16LE(end + 4) !== 0 || zip.readUInt16LE(end + 6) !== 0)
    throw new SourceFormatError('the ZIP archive spans several disks, which is not read');
  if (count === 0) throw new SourceFormatError('the ZIP archive is empty');
  if (offset + size > end) throw truncated('its central directory lies outside the archive');
  const members: Member[] = [];
  let at = offset;
  for (let i = 0; i < Math.min(count, MAX_MEMBERS); i++) {
    if (at + 46 > offset + size || zip.readUInt32LE(at) !== CENTRAL_HEADER)
      throw truncated('a central directory entry is broken');
    const flags = zip.readUInt16LE(at + 8);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (at + 46 + skip > offset + size) throw truncated('a central directory entry is broken');
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString(flags & 0x800 ? 'utf8' : 'latin1');
    members.push({
      name,
      flags,
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + skip;
  }
  return members;
}

function chooseMember(members: Member[], pattern: RegExp | undefined, extension: string): Member {
  const files = members.filter((m) => !m.name.endsWith('/') && m.name.length <= MAX_NAME);
  const held = `it holds ${files.length} ${files.length === 1 ? 'file' : 'files'}`;
  if (pattern !== undefined) {
    const found = files.find((m) => pattern.test(m.name));
    if (found === undefined)
      throw new SourceFormatError(`the ZIP archive has no member matching archive.member (${held})`);
    return found;
  }
  const found =
    files.find((m) => m.name.toLowerCase().endsWith(extension)) ??
    (files.length === 1 ? files[0] : undefined);
  if (found === undefined)
    throw new SourceFormatError(
      `the ZIP archive has no ${extension} member (${held}): name one with archive.member`,
    );
  return found;
}

/** The member's compressed bytes, after its local header (whose own name and extra lengths may differ). */
function memberData(zip: Buffer, member: Member): Buffer {
  const at = member.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_HEADER)
    throw new SourceFormatError("the ZIP archive is corrupt (a member's local header is missing)");
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + member.compressedSize > zip.length)
    throw new SourceFormatError('the ZIP archive is truncated (a member ends past the archive)');
  return zip.subarray(start, start + member.compressedSize);
}
