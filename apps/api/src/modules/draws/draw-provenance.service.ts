import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { LotteryCatalog } from '../lotteries/catalog/lottery-catalog.service';
import { toDrawDto } from './draw-view';
import type { AdminDrawDto } from './dto/admin-draw.dto';

interface ProvenanceRow {
  draw_date: string;
  main: number[];
  special: number[];
  source: string | null;
  fetched_at: Date | null;
  updated_at: Date;
}

/**
 * One draw as administrators see it: the numbers with where they came from. Read from PostgreSQL, not the
 * catalog: provenance is not needed by the metered reads, so the read model does not carry it.
 */
@Injectable()
export class DrawProvenanceService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly catalog: LotteryCatalog,
  ) {}

  async find(tag: string, date: string): Promise<AdminDrawDto> {
    this.catalog.snapshot(tag); // 404 Lottery not found, before the missing draw
    const [row] = await this.dataSource.query<ProvenanceRow[]>(
      `SELECT draw_date, main, special, source, fetched_at, updated_at FROM draws
       WHERE lottery_tag = $1 AND draw_date = $2`,
      [tag, date],
    );
    if (row === undefined) throw ApiError.notFound(Messages.drawNotFound);
    return {
      ...toDrawDto({ date: row.draw_date, main: row.main, special: row.special }),
      source: row.source,
      fetchedAt: row.fetched_at?.toISOString() ?? null,
      updatedAt: row.updated_at.toISOString(),
    };
  }
}
