import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { Clock } from '../../common/clock';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import type { LotterySnapshot } from '../catalog/lottery-snapshot';
import { encodeExport, type EncodedExport, type ExportFormat, sliceOf } from './draw-export-encoding';
import { type ContentCoding, notModified } from './export-negotiation';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Below this, an answer goes uncompressed whatever the client accepts (the headers would outweigh the gain). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Compression levels: the whole history is compressed once per lottery version (in the thread pool, never on the
 * event loop), a range once per request, so a range gets the cheaper level.
 */
const LEVELS = { cached: { br: 6, gzip: 6 }, perRequest: { br: 4, gzip: 5 } };

export interface ExportRequest {
  tag: string;
  format: ExportFormat;
  prizes: boolean;
  from?: string;
  to?: string;
  coding: ContentCoding;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}

export type ExportAnswer =
  | { status: 304; etag: string; lastModified: Date }
  | { status: 200; etag: string; lastModified: Date; body: Buffer; coding: ContentCoding };

/** One lottery's export in one format, for one snapshot (its version). */
interface Entry {
  snapshot: WeakRef<LotterySnapshot>;
  encoded: EncodedExport;
  /** Of the whole history's bytes: the same data gives the same tag on every instance. */
  hash: string;
  lastModified: Date;
  /** The whole history compressed, made on first demand. */
  compressed: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
}

/**
 * The bulk export (contract section 12), from the read model: each lottery's whole history is encoded once per
 * version and format and kept (one copy per format, replaced when the lottery changes), with its compressed forms
 * once asked for; a range is a slice of it. An unchanged history costs a lookup and, with a matching ETag, no body.
 */
@Injectable()
export class DrawExportService {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly catalog: LotteryCatalog,
    private readonly clock: Clock,
  ) {}

  /** 400 for `from` after `to`, then 404 for an unknown lottery, then the answer (or 304). */
  async export(request: ExportRequest): Promise<ExportAnswer> {
    const { from, to } = request;
    if (from !== undefined && to !== undefined && from > to) throw ApiError.badRequest(Messages.fromAfterTo);
    const snapshot = this.catalog.snapshot(request.tag);
    const entry = this.entryOf(snapshot, request.format, request.prizes);
    const [start, end] =
      from === undefined && to === undefined ? [0, entry.encoded.drawCount] : snapshot.range(from, to);
    const whole = start === 0 && end === entry.encoded.drawCount;
    // A range's tag is the history's with the draws it spans: any change to the lottery changes it too.
    const etag = whole ? `W/"${entry.hash}"` : `W/"${entry.hash}.${start}.${end}"`;
    const { lastModified } = entry;
    if (notModified(request, etag, lastModified)) return { status: 304, etag, lastModified };
    const identity = sliceOf(entry.encoded, start, end);
    const coding = identity.length < COMPRESS_FROM_BYTES ? 'identity' : request.coding;
    if (coding === 'identity') return { status: 200, etag, lastModified, body: identity, coding };
    const body = whole
      ? await (entry.compressed[coding] ??= compress(identity, coding, LEVELS.cached[coding]))
      : await compress(identity, coding, LEVELS.perRequest[coding]);
    return { status: 200, etag, lastModified, body, coding };
  }

  private entryOf(snapshot: LotterySnapshot, format: ExportFormat, prizes: boolean): Entry {
    const key = `${snapshot.record.tag}\n${format}\n${prizes}`;
    const previous = this.entries.get(key);
    if (previous?.snapshot.deref() === snapshot) return previous;
    const encoded = encodeExport(snapshot, format, prizes);
    const hash = createHash('sha256').update(encoded.body).digest('base64url').slice(0, 27);
    const unchanged = previous?.hash === hash;
    const entry: Entry = {
      snapshot: new WeakRef(snapshot),
      encoded,
      hash,
      lastModified: unchanged ? previous.lastModified : this.nextModified(previous?.lastModified),
      compressed: unchanged ? previous.compressed : {},
    };
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Now, in whole seconds (what Last-Modified carries), and always a later second than the version before, so that
   * a change within the second of the previous one is never answered 304 to `If-Modified-Since`.
   */
  private nextModified(previous: Date | undefined): Date {
    const seconds = Math.floor(this.clock.now().getTime() / 1000);
    const after = previous ? Math.floor(previous.getTime() / 1000) + 1 : 0;
    return new Date(Math.max(seconds, after) * 1000);
  }
}

function compress(body: Buffer, coding: 'br' | 'gzip', level: number): Promise<Buffer> {
  return coding === 'br'
    ? brotliAsync(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: level,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level });
}
