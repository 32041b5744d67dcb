import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { RuleEra, validateDrawNumbers } from './domain/lottery-rules';
import type { CreateLotteryDto } from './dto/create-lottery.dto';
import type { UpdateLotteryDto } from './dto/update-lottery.dto';
import { calendarDateIn } from './domain/local-date';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import type { LotteryRecord, LotteryRow } from './domain/lottery-record';
import { buildLotteryRules } from './lottery-rules-input';
import { type DrawSchedule, parseDrawSchedule } from './domain/draw-schedule';
import { ChangeFeed } from '../change-feed/change-feed.service';
import type { Deadline } from '../../common/deadline';
import { transactionWithin } from '../../database/transaction-within';

/** SQL NULL for null (JSON.stringify would store a JSON null). */
const jsonOrNull = (value: unknown) => (value === null ? null : JSON.stringify(value));

/** Admin input to a stored calendar: null stays null; anything else must parse (400 naming the problem). */
function scheduleFrom(input: unknown): DrawSchedule | null {
  if (input === null) return null;
  const parsed = parseDrawSchedule(input);
  if ('problem' in parsed)
    throw ApiError.badRequest(Messages.invalidFieldProblem('schedule', parsed.problem));
  return parsed.schedule;
}

type StoredLottery = Omit<LotteryRow, 'tag'>;

/** Creates and changes lotteries (administration); the catalog is rebuilt before answering. */
@Injectable()
export class LotteryWriteService {
  constructor(
    private readonly changes: ChangeFeed,
    private readonly dataSource: DataSource,
    private readonly catalog: LotteryCatalog,
    private readonly clock: Clock,
  ) {}

  async create(dto: CreateLotteryDto, deadline: Deadline): Promise<LotteryRecord> {
    const { rules, specialName } = buildLotteryRules(
      dto,
      null,
      calendarDateIn(dto.timezone, this.clock.now()),
    );
    // In a transaction of its own so that a request given up on (408, 503) does not create the lottery afterwards.
    const inserted = await transactionWithin(this.dataSource, deadline, (manager) =>
      manager.query<{ tag: string }[]>(
        `INSERT INTO lotteries (tag, name, country, timezone, special_name, rules, draw_order, source, schedule,
         provenance, retired_on, operator, terms)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9::jsonb, $10, $11, $12, $13)
       ON CONFLICT (tag) DO NOTHING RETURNING tag`,
        [
          dto.tag,
          dto.name.trim(),
          dto.country.trim(),
          dto.timezone,
          specialName ?? null,
          JSON.stringify(rules),
          dto.drawOrder ?? false,
          dto.source ?? null,
          jsonOrNull(scheduleFrom(dto.schedule ?? null)),
          dto.provenance ?? null,
          dto.retiredOn ?? null,
          dto.operator ?? null,
          dto.terms ?? null,
        ],
      ),
    );
    if (inserted.length === 0) throw ApiError.conflict(Messages.lotteryExists);
    await this.changes.publish({ type: 'lottery.changed', tag: dto.tag });
    return this.catalog.snapshot(dto.tag).record;
  }

  async update(tag: string, dto: UpdateLotteryDto, deadline: Deadline): Promise<LotteryRecord> {
    if (dto.tag !== undefined && dto.tag !== tag) throw ApiError.badRequest(Messages.lotteryTagImmutable);
    await transactionWithin(this.dataSource, deadline, async (manager) => {
      // FOR UPDATE: draw writes take a share lock on this row, so no draw can slip in between the check and the change.
      const rows = await manager.query<StoredLottery[]>(
        `SELECT name, country, timezone, special_name, rules, draw_order, source, operator, terms, schedule,
                retired_on
         FROM lotteries WHERE tag = $1 FOR UPDATE`,
        [tag],
      );
      if (rows.length === 0) throw ApiError.notFound(Messages.lotteryNotFound);
      const stored = rows[0];
      const timezone = dto.timezone ?? stored.timezone;
      const { rules, specialName } = buildLotteryRules(
        dto,
        stored.rules,
        calendarDateIn(timezone, this.clock.now()),
      );
      if (JSON.stringify(rules) !== JSON.stringify(stored.rules))
        await this.checkDrawsFit(manager, tag, rules);
      await manager.query(
        `UPDATE lotteries SET name = $2, country = $3, timezone = $4, special_name = $5, rules = $6::jsonb,
                draw_order = $7, source = $8, schedule = $9::jsonb, retired_on = $10, operator = $11, terms = $12,
                updated_at = now()
         WHERE tag = $1`,
        [
          tag,
          dto.name?.trim() ?? stored.name,
          dto.country?.trim() ?? stored.country,
          timezone,
          specialName === undefined ? stored.special_name : specialName,
          JSON.stringify(rules),
          dto.drawOrder ?? stored.draw_order,
          dto.source === undefined ? stored.source : dto.source,
          jsonOrNull(dto.schedule === undefined ? stored.schedule : scheduleFrom(dto.schedule)),
          dto.retiredOn === undefined ? stored.retired_on : dto.retiredOn,
          dto.operator === undefined ? stored.operator : dto.operator,
          dto.terms === undefined ? stored.terms : dto.terms,
        ],
      );
      if (dto.provenance !== undefined)
        await manager.query('UPDATE lotteries SET provenance = $2 WHERE tag = $1', [tag, dto.provenance]);
    });
    await this.changes.publish({ type: 'lottery.changed', tag });
    return this.catalog.snapshot(tag).record;
  }

  /** New rules must keep every stored draw valid: refuse with the earliest draw that would break. */
  private async checkDrawsFit(manager: EntityManager, tag: string, rules: RuleEra[]): Promise<void> {
    const draws = await manager.query<{ draw_date: string; main: number[]; special: number[] }[]>(
      'SELECT draw_date, main, special FROM draws WHERE lottery_tag = $1 ORDER BY draw_date',
      [tag],
    );
    for (const draw of draws) {
      const problem = validateDrawNumbers(rules, draw.draw_date, draw.main, draw.special);
      if (problem !== null) throw ApiError.badRequest(Messages.rulesBreakDraw(draw.draw_date, problem));
    }
  }

  /** Each listed lottery's provenance (administrators' view: not part of the catalog, which serves clients). */
  async provenanceOf(tags: string[]): Promise<Map<string, string | null>> {
    const rows = await this.dataSource.query<{ tag: string; provenance: string | null }[]>(
      'SELECT tag, provenance FROM lotteries WHERE tag = ANY($1)',
      [tags],
    );
    return new Map(rows.map((row) => [row.tag, row.provenance]));
  }
}
