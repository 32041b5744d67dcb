import type { ExportFormat } from '@lottery-results/sdk';
import { useMutation } from '@tanstack/react-query';
import type { Client } from '../../app/sdk';

export const EXPORT_FORMATS: { value: ExportFormat; label: string }[] = [
  { value: 'csv', label: 'CSV' },
  { value: 'json', label: 'JSON' },
  { value: 'ndjson', label: 'NDJSON' },
];

export interface DrawExportFile {
  /** `<tag>-draws.<format>`, as the API names it. */
  filename: string;
  blob: Blob;
}

/**
 * A lottery's whole history in one format, read through the SDK with the page's token (one request of the
 * holder's quota, contract section 12), as a file to save.
 */
export function useDrawExport(client: Client | null) {
  return useMutation({
    mutationFn: async ({ tag, format }: { tag: string; format: ExportFormat }): Promise<DrawExportFile> => {
      if (!client) throw new Error('Choose a token first.');
      const raw = await client.exportDraws(tag).raw({ format });
      return { filename: raw.filename, blob: await new Response(raw.body).blob() };
    },
  });
}
