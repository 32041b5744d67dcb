import type { ImportResultDto } from '@lottery-results/sdk';
import type { Client } from '../../app/sdk';
import { TableScroll } from '../../components/table-scroll';
import {
  datesOf,
  numbersText,
  previewCsv,
  rowOutcome,
  type CsvDrawRow,
  type RowOutcome,
  type StoredNumbers,
} from './draw-csv-preview';
import { drawCount, type ImportValues } from './import-values';

export interface ImportPreviewResult {
  /** What was previewed: an Import of other values needs its own preview. */
  values: ImportValues;
  /** The dry run's counts and refused lines. */
  report: ImportResultDto;
  rows: { row: CsvDrawRow; outcome: RowOutcome }[];
  total: number;
}

const groupOf = (numbers: { special: boolean; order: number; value: number }[], special: boolean) =>
  numbers
    .filter((n) => n.special === special)
    .sort((a, b) => a.order - b.order)
    .map((n) => n.value);

/**
 * The dry run (counts and refused lines: all the API answers), then the first rows of the file with what each
 * would do, from the draws already stored on their dates.
 */
export async function previewImport(client: Client, values: ImportValues): Promise<ImportPreviewResult> {
  const report = await client.admin.draws.import(values.tag, values.csv, { dryRun: true });
  const { rows, total } = previewCsv(values.csv);
  const stored = new Map<string, StoredNumbers>();
  await Promise.all(
    datesOf(rows).map(async (date) => {
      const page = await client.admin.draws.list(values.tag, { from: date, to: date });
      for (const draw of page.draws ?? [])
        stored.set(`${draw.date}#${draw.round ?? 1}`, {
          main: groupOf(draw.numbers, false),
          special: groupOf(draw.numbers, true),
        });
    }),
  );
  const refusals = new Map(report.errors.map((error) => [error.line, error.message]));
  return {
    values,
    report,
    total,
    rows: rows.map((row) => ({
      row,
      outcome: rowOutcome(row, stored.get(`${row.date}#${row.round}`), refusals.get(row.line)),
    })),
  };
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
