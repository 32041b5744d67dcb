import type { Draw } from '../../app/api-types';
import { DrawNumbers } from '../../components/draw-numbers';
import { TableScroll } from '../../components/table-scroll';

export function DrawsTable({
  draws,
  caption,
  specialName,
}: {
  draws: Draw[];
  caption: string;
  specialName?: string | null;
}) {
  return (
    <TableScroll label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Numbers</th>
          </tr>
        </thead>
        <tbody>
          {draws.map((draw) => (
            <tr key={draw.date}>
              <th scope="row">{draw.date}</th>
              <td>
                <DrawNumbers numbers={draw.numbers} specialName={specialName} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
