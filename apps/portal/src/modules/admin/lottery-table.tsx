import type { Lottery } from '../../app/api-types';
import { TableScroll } from '../../components/table-scroll';
import { formatNumber } from '../../app/format';

type Group = { count: number; min: number; max: number } | null | undefined;

function describe(group: Group): string {
  return group ? `${group.count} of ${group.min}–${group.max}` : '—';
}

export function LotteryTable({ lotteries, caption }: { lotteries: Lottery[]; caption: string }) {
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
          </tr>
        </thead>
        <tbody>
          {lotteries.map((lottery) => (
            <tr key={lottery.tag}>
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
              <td>{lottery.draws.first ? `${lottery.draws.first} – ${lottery.draws.last}` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
