import type { Lottery } from '../../app/api-types';
import { FreshnessBadge } from '../../components/freshness-badge';
import { NextDraw } from '../../components/next-draw';
import { TableScroll } from '../../components/table-scroll';
import { formatNumber } from '../../app/format';
import { numberGroupText } from './lottery-values';

interface LotteryTableProps {
  lotteries: Lottery[];
  caption: string;
  /** Opens the lottery's draw calendar to view or edit it. */
  onSchedule: (lottery: Lottery) => void;
  /** Opens the lottery's name and number rules to edit them. */
  onEdit: (lottery: Lottery) => void;
}

/** The lotteries; on a narrow screen each row becomes a card of labelled lines (`table.stack`, `data-label`). */
export function LotteryTable({ lotteries, caption, onSchedule, onEdit }: LotteryTableProps) {
  return (
    <TableScroll label={caption} stack>
      <table className="stack">
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
              <td data-label="Name">{lottery.name}</td>
              <td data-label="Country">{lottery.country}</td>
              <td data-label="Main">{numberGroupText(lottery.main)}</td>
              <td data-label="Special">
                {numberGroupText(lottery.special)}
                {lottery.special?.name ? ` (${lottery.special.name})` : ''}
              </td>
              <td className="num" data-label="Draws">
                {formatNumber(lottery.draws.count)}
              </td>
              <td data-label="From – to">
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
              {/* Freshness, next draw and the row's buttons (calendar, edit) in one column, so the table stays narrow; in a card
                  it needs no label and takes the card's whole width. */}
              <td className="calendar">
                <FreshnessBadge freshness={lottery.freshness} />
                {lottery.nextDraw && (
                  <div className="small">
                    Next: <NextDraw lottery={lottery} />
                  </div>
                )}
                <div className="calendar-action row-actions">
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => onSchedule(lottery)}
                    aria-label={`Draw schedule of ${lottery.tag}`}
                  >
                    Schedule
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => onEdit(lottery)}
                    aria-label={`Edit lottery ${lottery.tag}`}
                  >
                    Edit
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
