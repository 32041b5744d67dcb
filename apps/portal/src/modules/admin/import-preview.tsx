import type { ImportResultDto } from '@lottery-results/sdk';
import { TableScroll } from '../../components/table-scroll';
import { numbersText, type CsvDrawRow, type RowOutcome } from './draw-csv-preview';
import { drawCount, type ImportValues } from './import-values';

export interface ImportPreviewResult {
  /** What was previewed: an Import of other values needs its own preview. */
  values: ImportValues;
  /** The dry run's counts and refused lines. */
  report: ImportResultDto;
  rows: { row: CsvDrawRow; outcome: RowOutcome }[];
  total: number;
}

function OutcomeText({ outcome }: { outcome: RowOutcome }) {
  switch (outcome.kind) {
    case 'new':
      return <span className="badge ok">New</span>;
    case 'unchanged':
      return <span className="muted">Unchanged</span>;
    case 'replaces':
      return (
        <>
          <span className="badge warn">Replaces</span>{' '}
          <span className="small">stored {numbersText(outcome.stored.main, outcome.stored.special)}</span>
        </>
      );
    case 'refused':
      return (
        <>
          <span className="badge off">Refused</span> <span className="small">{outcome.reason}</span>
        </>
      );
  }
}

/** The first rows of the file, each with what the import would do with it; on a phone, cards of labelled lines. */
export function ImportPreview({ preview }: { preview: ImportPreviewResult }) {
  const { rows, total } = preview;
  const caption =
    rows.length < total
      ? `The first ${rows.length} of ${drawCount(total)} in the file`
      : `The ${drawCount(total)} in the file`;
  const hasRounds = rows.some(({ row }) => row.round !== 1);
  return (
    <div className="section-gap" data-testid="import-preview">
      <TableScroll label={caption} stack>
        <table className="stack">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className="num">
                Line
              </th>
              {hasRounds && (
                <th scope="col" className="num">
                  Round
                </th>
              )}
              <th scope="col">Numbers</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ row, outcome }) => (
              <tr key={row.line} data-import-line={row.line}>
                <th scope="row">{row.date}</th>
                <td className="num" data-label="Line">
                  {row.line}
                </td>
                {hasRounds && (
                  <td className="num" data-label="Round">
                    {row.round}
                  </td>
                )}
                <td data-label="Numbers">{numbersText(row.main, row.special)}</td>
                <td data-label="Outcome">
                  <OutcomeText outcome={outcome} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
