import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import type { Settings } from '../../config/settings';
import { SETTINGS } from '../../config/settings.module';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { type ChangeCursor, decodeCursor, encodeCursor, isBefore } from './change-cursor';
import { SINCE_MESSAGE } from './dto/changes-query.dto';

/**
 * Rows one answer looks at past the cursor when it filters by lottery: a feed where the lotteries asked for are rare
 * is walked a bounded stretch per request (one unit of quota), and `next` moves past what was looked at.
 */
const FILTERED_SCAN = 5_000;

export interface ChangesRequest {
  since?: string;
  /** Tags; undefined = every lottery. */
  lotteries?: string[];
  limit: number;
}

interface Row {
  h_seq: string;
  h_id: string;
  seq: string | null;
  id: string | null;
  body: string | null;
}

/**
 * The public change feed (contract section 12), read from the log that every draw write fills in its transaction
 * (draw-change.entity.ts), in commit order: positions are (commit number, id), numbered at commit one writer at a
 * time, so that nothing committed before a position can appear after it. Events older than CHANGES_RETENTION_DAYS
 * are deleted (ChangesRetention); a cursor from before what was deleted, or issued longer ago than that, is 410.
 */
@Injectable()
export class ChangesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly catalog: LotteryCatalog,
    private readonly clock: Clock,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** The answer as JSON: 400 for a malformed cursor, 404 for an unknown lottery, 410 for an expired cursor. */
  async pageJson(request: ChangesRequest): Promise<string> {
    const since = request.since === undefined ? undefined : decodeCursor(request.since);
    if (since === null) throw ApiError.badRequest(SINCE_MESSAGE);
    for (const tag of request.lotteries ?? []) this.catalog.snapshot(tag);
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    if (since === undefined) {
      const head = await this.head();
      return answerJson([], encodeCursor({ ...head, issuedAt }), false);
    }
    if (issuedAt - since.issuedAt > this.settings.changes.retentionDays * 86_400) throw gone();

    const filtered = request.lotteries !== undefined;
    const scan = request.limit + 1 + (filtered ? FILTERED_SCAN : 0);
    // One statement, so one snapshot: the horizon read with the page says whether retention deleted any of it.
    const rows = await this.dataSource.query<Row[]>(
      `SELECT h.commit_seq::text AS h_seq, h.change_id::text AS h_id, p.seq, p.id, p.body
         FROM draw_change_horizon h
         LEFT JOIN LATERAL (
           SELECT c.commit_seq::text AS seq, c.id::text AS id,
                  CASE WHEN $4::varchar[] IS NULL OR c.lottery_tag = ANY($4::varchar[]) THEN c.body END AS body
             FROM draw_changes c
            WHERE (c.commit_seq, c.id) > ($1::bigint, $2::bigint)
            ORDER BY c.commit_seq, c.id
            LIMIT $3) p ON true
        WHERE h.id = 1
        ORDER BY p.seq::bigint, p.id::bigint`,
      [since.seq, since.id, scan, request.lotteries ?? null],
    );
    const horizon = rows[0] ? { seq: rows[0].h_seq, id: rows[0].h_id } : { seq: '0', id: '0' };
    if (isBefore(since, horizon)) throw gone();

    const changes: string[] = [];
    let next: { seq: string; id: string } = since;
    let more = false;
    let scanned = 0;
    for (const row of rows) {
      if (row.seq === null || row.id === null) break;
      scanned++;
      if (row.body !== null) {
        if (changes.length === request.limit) {
          more = true;
          break;
        }
        changes.push(row.body);
      }
      next = { seq: row.seq, id: row.id };
    }
    // The stretch looked at was full: there may be more past it.
    if (!more && scanned === scan) more = true;
    return answerJson(changes, encodeCursor({ ...next, issuedAt }), more);
  }

  /** The position of the latest committed event (what retention last deleted, or the start, without any). */
  private async head(): Promise<Omit<ChangeCursor, 'issuedAt'>> {
    const [row] = await this.dataSource.query<{ seq: string; id: string }[]>(
      `SELECT seq, id FROM (
         (SELECT commit_seq::text AS seq, id::text AS id, commit_seq AS s, id AS i FROM draw_changes
           WHERE commit_seq IS NOT NULL ORDER BY commit_seq DESC, id DESC LIMIT 1)
         UNION ALL
         (SELECT commit_seq::text, change_id::text, commit_seq, change_id FROM draw_change_horizon WHERE id = 1)
       ) latest ORDER BY s DESC, i DESC LIMIT 1`,
    );
    return row ?? { seq: '0', id: '0' };
  }
}

function gone(): ApiError {
  return ApiError.of(410, Messages.changesCursorGone);
}

function answerJson(changes: string[], next: string, more: boolean): string {
  return `{"changes":[${changes.join(',')}],"next":${JSON.stringify(next)},"more":${more}}`;
}
