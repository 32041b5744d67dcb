import { TableScroll } from '../../components/table-scroll';

interface ImportReportProps {
  /** A preview: what the import would do, nothing written yet. */
  preview?: boolean;
  report: {
    inserted: number;
    updated: number;
    unchanged: number;
    errors: { line: number; message: string }[];
  };
}

/** The import's per-line outcome: counts, then each refused line with the reason. */
export function ImportReport({ report, preview = false }: ImportReportProps) {
  const { inserted, updated, unchanged, errors } = report;
  return (
    <section aria-labelledby="import-report-title" className="section-gap" data-testid="import-report">
      <h3 id="import-report-title">{preview ? 'Preview: nothing is written yet' : 'Import report'}</h3>
      <dl className="facts">
        <dt>{preview ? 'New' : 'Inserted'}</dt>
        <dd>{inserted}</dd>
        <dt>{preview ? 'Changed' : 'Updated'}</dt>
        <dd>{updated}</dd>
        <dt>Unchanged</dt>
        <dd>{unchanged}</dd>
        <dt>Refused</dt>
        <dd>{errors.length}</dd>
      </dl>
      {errors.length > 0 && (
        <div className="section-gap">
          <TableScroll label="Refused lines">
            <table>
              <caption>
                {preview
                  ? 'Refused lines (they would not be written)'
                  : 'Refused lines (nothing was written for them)'}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    Line
                  </th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {errors.map((error) => (
                  <tr key={`${error.line}-${error.message}`}>
                    <td className="num">{error.line}</td>
                    <td>{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      )}
    </section>
  );
}
