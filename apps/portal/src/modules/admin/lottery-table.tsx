import type { Lottery } from '../../app/api-types';
import { FreshnessBadge } from '../../components/freshness-badge';
import { NextDraw } from '../../components/next-draw';
import { TableScroll } from '../../components/table-scroll';
import { formatNumber } from '../../app/format';

type Group = { count: number; min: number; max: number } | null | undefined;

function describe(group: Group): string {
  return group ? `${group.count} of ${group.min}–${group.max}` : '—';
}

interface LotteryTableProps {
  lotteries: Lottery[];
  caption: string;
  /** Opens the lottery's draw calendar to view or edit it. */
  onSchedule: (lottery: Lottery) => void;
}

export function LotteryTable({ lotteries, caption, onSchedule }: LotteryTableProps) {
  return (
    <TableScroll label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Tag</th>
            <th scope="col">Name</th>
            <th scope="col">Country</th>
            <th scope="col">Main</th>
            <th scope="col">Special</th>
            <th scope="col" className="num">
              Draws
            </th>
            <th scope="col">From – to</th>
            <th scope="col">Draw calendar</th>
          </tr>
        </thead>
        <tbody>
          {lotteries.map((lottery) => (
            <tr key={lottery.tag} data-lottery-tag={lottery.tag}>
              <th scope="row">
                <code>{lottery.tag}</code>
              </th>
              <td>{lottery.name}</td>
              <td>{lottery.country}</td>
              <td>{describe(lottery.main)}</td>
              <td>
                {describe(lottery.special)}
                {lottery.special?.name ? ` (${lottery.special.name})` : ''}
              </td>
              <td className="num">{formatNumber(lottery.draws.count)}</td>
              <td>
                {/* A date never breaks at its hyphens: the line may break after the dash only. */}
                {lottery.draws.first ? (
                  <>
                    <span className="nowrap">{lottery.draws.first} –</span>{' '}
                    <span className="nowrap">{lottery.draws.last}</span>
                  </>
                ) : (
                  '—'
                )}
              </td>
              {/* Freshness, next draw and the calendar's button in one column, so the table stays narrow. */}
              <td className="calendar">
                <FreshnessBadge freshness={lottery.freshness} />
                {lottery.nextDraw && (
                  <div className="small">
                    Next: <NextDraw lottery={lottery} />
                  </div>
                )}
                <div className="calendar-action">
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => onSchedule(lottery)}
                    aria-label={`Draw schedule of ${lottery.tag}`}
                  >
                    Schedule
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
