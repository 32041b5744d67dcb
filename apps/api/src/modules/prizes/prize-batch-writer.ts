import type { EntityManager } from 'typeorm';
import { enqueueDrawEvents } from '../webhooks/webhook-outbox';
import { prizeDivisionsOn, roundsOn, type RuleEra } from '../lotteries/domain/lottery-rules';
import { toDrawPrizesView } from './domain/draw-prizes';
import type { PrizesInput } from './domain/prize-input';
import { toDrawDto } from '../draws/domain/draw-view';

/**
 * Stores what draws paid (one statement per batch), for draws that exist; rows whose facts equal the stored ones
 * are left alone (whatever their source). Subscribers hear of every prize table first stored or changed (`draw.prizes`, with the draw and the
 * prizes as the REST answers give them), in the caller's transaction. Returns how many rows were written (prizes of
 * a draw that does not exist are not stored). `announce: false` (the bundled
 * history, stored once) sends no event.
 */
export async function upsertPrizesBatch(
  manager: EntityManager,
  tag: string,
  prizes: PrizesInput[],
  rules: readonly RuleEra[],
  options: { announce: boolean } = { announce: true },
): Promise<{ written: number }> {
  if (prizes.length === 0) return { written: 0 };
  const written = await manager.query<
    {
      date: string;
      round: number;
      main: number[];
      special: number[];
      updated_at: string;
    }[]
  >(
    `WITH input AS (
       SELECT t.* FROM unnest($2::date[], $3::smallint[], $4::text[], $5::jsonb[], $6::jsonb[], $7::jsonb[], $8::text[])
         AS t(draw_date, round, currency, jackpot, divisions, next, source)),
     stored AS (
       INSERT INTO draw_prizes AS p (lottery_tag, draw_date, round, currency, jackpot, divisions, next, source)
       SELECT $1::varchar, i.draw_date, i.round, i.currency, i.jackpot, i.divisions, i.next, i.source
         FROM input i
         JOIN draws d ON d.lottery_tag = $1::varchar AND d.draw_date = i.draw_date AND d.round = i.round
       ON CONFLICT (lottery_tag, draw_date, round) DO UPDATE
         SET currency = EXCLUDED.currency, jackpot = EXCLUDED.jackpot, divisions = EXCLUDED.divisions,
             next = EXCLUDED.next, source = EXCLUDED.source, updated_at = now()
         -- The same facts from another source are not a change: the first source stays, nothing is announced.
         WHERE (p.currency, p.jackpot, p.divisions, p.next)
               IS DISTINCT FROM (EXCLUDED.currency, EXCLUDED.jackpot, EXCLUDED.divisions, EXCLUDED.next)
       RETURNING p.draw_date, p.round, p.updated_at)
     SELECT to_char(s.draw_date, 'YYYY-MM-DD') AS date, s.round, d.main, d.special,
            to_char(s.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
       FROM stored s
       JOIN draws d ON d.lottery_tag = $1::varchar AND d.draw_date = s.draw_date AND d.round = s.round`,
    [
      tag,
      prizes.map((p) => p.date),
      prizes.map((p) => p.round ?? 1),
      prizes.map((p) => p.currency),
      prizes.map((p) => (p.jackpot === null ? null : JSON.stringify(p.jackpot))),
      prizes.map((p) => JSON.stringify(p.divisions)),
      prizes.map((p) => (p.next === null ? null : JSON.stringify(p.next))),
      prizes.map((p) => p.source),
    ],
  );
  const byKey = new Map(prizes.map((p) => [`${p.date}#${p.round ?? 1}`, p]));
  if (options.announce)
    await enqueueDrawEvents(
      manager,
      written.map((row) => {
        const input = byKey.get(`${row.date}#${row.round}`)!;
        const withRound = roundsOn(rules, row.date) > 1;
        const divisions = prizeDivisionsOn(rules, row.date);
        return {
          type: 'draw.prizes',
          lottery: tag,
          draw: toDrawDto(row, 'draw', withRound),
          prizes: toDrawPrizesView(tag, { ...input, updatedAt: row.updated_at }, divisions, withRound),
        };
      }),
    );
  return { written: written.length };
}
