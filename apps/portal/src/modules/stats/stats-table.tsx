import { TableScroll } from '../../components/table-scroll';
import { percent, type StatsGroup } from './stats-window';

/** The chart's alternative: every value's figures, as a table that a screen reader can walk. */
export function StatsTable({ group, id }: { group: StatsGroup; id: string }) {
  const caption = `${group.name}: every value`;
  return (
    <TableScroll label={caption}>
      <table className="stats-table" id={id} data-testid={`stats-table-${group.key}`}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Value</th>
            <th scope="col">Count</th>
            <th scope="col">Frequency</th>
            <th scope="col">Last drawn</th>
            <th scope="col">Draws since</th>
            <th scope="col">Longest gap</th>
          </tr>
        </thead>
        <tbody>
          {group.values.map((v) => (
            <tr key={v.value} data-value={v.value}>
              <th scope="row">{v.value}</th>
              <td>{v.count.toLocaleString()}</td>
              <td>{percent(v.frequency)}</td>
              <td>{v.lastDrawn ? <time dateTime={v.lastDrawn}>{v.lastDrawn}</time> : 'never'}</td>
              <td>{v.drawsSince.toLocaleString()}</td>
              <td>{v.longestGap.toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
