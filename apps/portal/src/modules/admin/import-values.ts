import { previewCsv } from './draw-csv-preview';
import type { FormErrors } from './lottery-values';

/** The draw import form: the lottery, and the CSV pasted or read from a file. */
export interface ImportValues {
  tag: string;
  csv: string;
}

export const EMPTY_IMPORT: ImportValues = { tag: '', csv: '' };

export function importErrors(values: ImportValues): FormErrors<ImportValues> {
  const errors: FormErrors<ImportValues> = {};
  if (!values.tag) errors.tag = 'Choose the lottery the draws belong to.';
  if (!values.csv.trim()) errors.csv = 'Paste the CSV, or choose a file.';
  else {
    const { problem, total } = previewCsv(values.csv);
    if (problem) errors.csv = problem;
    else if (total === 0) errors.csv = 'The file has its header but no draw.';
  }
  return errors;
}

/** "1 draw", "12 draws". */
export const drawCount = (count: number) => `${count} ${count === 1 ? 'draw' : 'draws'}`;
