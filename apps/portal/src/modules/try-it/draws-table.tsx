import type { Draw } from '../../app/api-types';
import { href } from '../../app/router';
import { DrawNumbers } from '../../components/draw-numbers';
import { TableScroll } from '../../components/table-scroll';
import { drawDateWords, drawPath } from '../draw/draw-path';

/** A page of draws; each date links to the draw's page (its numbers and what it paid). */
export function DrawsTable({
  draws,
  tag,
  caption,
  specialName,
}: {
  draws: Draw[];
  tag: string;
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
            <tr key={`${draw.date}/${draw.round ?? 1}`}>
              <th scope="row">
                <a href={href(drawPath({ tag, date: draw.date, round: draw.round }))}>
                  {drawDateWords(draw.date, draw.round)}
                </a>
              </th>
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
