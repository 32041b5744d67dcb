import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { errorMessage } from '../../app/errors';
import { useClient } from '../../app/session';
import { ImportReport } from './import-report';

interface Report {
  inserted: number;
  updated: number;
  unchanged: number;
  errors: { line: number; message: string }[];
}

const EXAMPLE = 'date,main,special\n2026-11-21,4 18 23 45 61,7';

export function DrawImportForm({ knownTags }: { knownTags: string[] }) {
  const client = useClient();
  const listId = useId();
  const csvId = useId();
  const [tag, setTag] = useState('');
  const [csv, setCsv] = useState('');
  // A file input cannot be emptied by React: a new key gives a fresh one.
  const [fileKey, setFileKey] = useState(0);
  const [report, setReport] = useState<{ result: Report; preview: boolean } | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const readFile = async (file: File | undefined) => {
    if (file) setCsv(await file.text());
  };
  /** "Preview" counts what the import would do and writes nothing; "Import draws" writes. */
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const preview = submitter instanceof HTMLButtonElement && submitter.value === 'preview';
    setBusy(true);
    setError('');
    setReport(null);
    try {
      const result = await client.admin.draws.import(tag.trim(), csv, { dryRun: preview });
      setReport({ result, preview });
      // All written: the form empties for the next file. With refused lines the text stays, to be corrected (the
      // report's line numbers point into it); importing it again leaves the written draws unchanged.
      if (!preview && result.errors.length === 0) {
        setCsv('');
        setFileKey((key) => key + 1);
      }
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit}>
      <Alert>{error}</Alert>
      <div className="row">
        <Field
          label="Lottery tag"
          name="import-tag"
          required
          list={listId}
          value={tag}
          onChange={(e) => setTag(e.target.value)}
        />
        <datalist id={listId}>
          {knownTags.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <Field
          key={fileKey}
          label="CSV file"
          name="import-file"
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(e) => readFile(e.target.files?.[0])}
        />
      </div>
      <div className="field section-gap">
        <label htmlFor={csvId}>CSV content</label>
        <textarea
          id={csvId}
          name="import-csv"
          rows={8}
          required
          value={csv}
          onChange={(e) => setCsv(e.target.value)}
          placeholder={EXAMPLE}
          aria-describedby={`${csvId}-hint`}
        />
        <span className="hint" id={`${csvId}-hint`}>
          Header <code>date,main,special</code>; numbers separated by spaces, in draw order; one draw per
          line.
        </span>
      </div>
      <div className="row-actions">
        <button type="submit" name="action" value="preview" className="secondary" disabled={busy}>
          Preview
        </button>
        <button type="submit" name="action" value="import" disabled={busy}>
          {busy ? 'Working…' : 'Import draws'}
        </button>
      </div>
      {report && <ImportReport report={report.result} preview={report.preview} />}
    </form>
  );
}
