import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import type { Page } from '../../common/pagination/page';
import { toDrawDto } from './domain/draw-view';
import type { AdminDrawDto } from './dto/admin-draw.dto';

interface ProvenanceRow {
  draw_date: string;
  round: number;
  main: number[];
  special: number[];
  source: string | null;
  fetched_at: Date | null;
  updated_at: Date;
}

const COLUMNS = 'draw_date, round, main, special, source, fetched_at, updated_at';

function toAdminDraw(row: ProvenanceRow, withRound: boolean): AdminDrawDto {
  return {
    ...toDrawDto(
      { date: row.draw_date, round: row.round, main: row.main, special: row.special },
      'draw',
      withRound,
    ),
    source: row.source,
    fetchedAt: row.fetched_at?.toISOString() ?? null,
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * Draws as administrators see them: the numbers with where they came from. Read from PostgreSQL, not the
 * catalog: provenance is not needed by the metered reads, so the read model does not carry it.
 */
@Injectable()
export class DrawProvenanceService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly catalog: LotteryCatalog,
  ) {}

  async find(tag: string, date: string, round = 1): Promise<AdminDrawDto> {
    const snapshot = this.catalog.snapshot(tag); // 404 Lottery not found, before the missing draw
    const [row] = await this.dataSource.query<ProvenanceRow[]>(
      `SELECT ${COLUMNS} FROM draws WHERE lottery_tag = $1 AND draw_date = $2 AND round = $3`,
      [tag, date, round],
    );
    if (row === undefined) throw ApiError.notFound(Messages.drawNotFound);
    return toAdminDraw(row, snapshot.hasRounds(row.draw_date));
  }

  /** A page of a lottery's draws dated from `from` to `to` (inclusive), newest first, with their provenance. */
  async list(
    tag: string,
    range: { from?: string; to?: string },
    page: Page,
  ): Promise<{ items: AdminDrawDto[]; total: number }> {
    const snapshot = this.catalog.snapshot(tag); // 404 Lottery not found
    const where = `lottery_tag = $1 AND ($2::date IS NULL OR draw_date >= $2::date)
      AND ($3::date IS NULL OR draw_date <= $3::date)`;
    const bounds = [tag, range.from ?? null, range.to ?? null];
    const [{ total }] = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS total FROM draws WHERE ${where}`,
      bounds,
    );
    const rows =
      page.limit === 0
        ? []
        : await this.dataSource.query<ProvenanceRow[]>(
            `SELECT ${COLUMNS} FROM draws WHERE ${where} ORDER BY draw_date DESC, round DESC LIMIT $4 OFFSET $5`,
            [...bounds, page.limit, page.offset],
          );
    return { items: rows.map((row) => toAdminDraw(row, snapshot.hasRounds(row.draw_date))), total };
  }
}
