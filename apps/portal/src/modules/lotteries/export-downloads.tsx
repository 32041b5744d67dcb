import { errorMessage } from '../../app/errors';
import type { Client } from '../../app/sdk';
import { Alert } from '../../components/alert';
import { EXPORT_FORMATS, useDrawExport, type DrawExportFile } from './queries';

/** Hands a file to the browser's downloads, under its name. */
function save({ filename, blob }: DrawExportFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started with the click: the object URL is no longer needed once it has.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

interface ExportDownloadsProps {
  /** The page's token client; null until a token is chosen. */
  client: Client | null;
  tag: string;
  /** The lottery's name, for the buttons' group. */
  name: string;
}

/** A lottery's history as a file (CSV, JSON or NDJSON), downloaded with the page's token. */
export function ExportDownloads({ client, tag, name }: ExportDownloadsProps) {
  const download = useDrawExport(client);
  const busy = download.isPending ? download.variables?.format : undefined;
  return (
    <div className="export-downloads">
      <div className="row-actions" role="group" aria-label={`Download the draws of ${name}`}>
        {EXPORT_FORMATS.map((format) => (
          <button
            key={format.value}
            type="button"
            className="secondary compact"
            disabled={!client || download.isPending}
            onClick={() => download.mutate({ tag, format: format.value }, { onSuccess: save })}
          >
            {busy === format.value ? 'Downloading…' : format.label}
          </button>
        ))}
      </div>
      <Alert>{download.error ? errorMessage(download.error) : ''}</Alert>
    </div>
  );
}
