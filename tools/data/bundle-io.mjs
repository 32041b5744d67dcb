// What the tools/data scripts share: the repository root, reading a pinned real copy (proved byte for byte by its
// git blob id or its sha256), the bundle's CSV layouts (draws and prizes, as apps/api reads them) and writing the
// outputs or, with --check, comparing them with the committed files. Each script keeps its own messages and
// reports; this module only holds what was written out the same way in several of them.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** --check: write nothing, compare what would be written with the committed files. */
export const CHECK = process.argv.includes('--check');

/** A `fail` that prints `<tool>: <message>` and exits 1 (the scripts that stop at the first problem). */
export function exitFail(tool) {
  return (message) => {
    console.error(`${tool}: ${message}`);
    process.exit(1);
  };
}

/** git's blob id of these bytes (what `git ls-tree` shows), to prove a file is the pinned one, byte for byte. */
export function gitBlobId(bytes) {
  return createHash('sha1')
    .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))
    .digest('hex');
}

export function sha256Of(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The bytes of `pin.file` when they are the pinned copy: its git blob id `pin.blob`, or its sha256 `pin.sha256`
 * (and its size `pin.size` where given); otherwise `fail` is called with a message naming the file. With the copy's
 * provenance (`repo`, `commit`, `path`) the message says which file it should be; without it, `name` (default: the
 * file) is how the file is named.
 */
export function readPinnedCopy(pin, fail) {
  const bytes = readFileSync(pin.file);
  const [kind, expected, actual] =
    pin.blob !== undefined ? ['blob', pin.blob, gitBlobId(bytes)] : ['sha256', pin.sha256, sha256Of(bytes)];
  if (actual === expected && (pin.size === undefined || bytes.length === pin.size)) return bytes;
  const name = pin.name ?? pin.file;
  if (pin.repo !== undefined)
    fail(
      `${pin.file} is not ${pin.repo} @ ${pin.commit} : ${pin.path} (${kind} ${actual}, expected ${expected})`,
    );
  else if (kind === 'blob') fail(`${name}: git blob ${actual}, expected ${expected} (not the pinned copy)`);
  else fail(`${name} changed (sha256 ${actual})`);
  return bytes;
}

/** A draws file (apps/api/data/draws/<tag>.csv): `date,main,special`, numbers space-separated, oldest first. */
export function drawsCsv(draws) {
  return (
    'date,main,special\n' +
    draws.map((d) => `${d.date},${d.main.join(' ')},${d.special.join(' ')}\n`).join('')
  );
}

/** The header of a prize file (apps/api/data/prizes/README.md) with `ranks` ranks. */
export function prizeHeader(ranks) {
  const columns = [
    'date',
    'round',
    'currency',
    'jackpot',
    'jackpot_won',
    'rollovers',
    'next_date',
    'next_jackpot',
  ];
  for (let rank = 1; rank <= ranks; rank++)
    columns.push(`rank${rank}_winners`, `rank${rank}_amount`, `rank${rank}_regions`);
  return [...columns, 'prizes_source'].join(',');
}

/** A prize file: the header for `ranks` ranks, then `lines` (each a row already joined with commas). */
export function prizeCsv(ranks, lines) {
  return [prizeHeader(ranks), ...lines].join('\n') + '\n';
}

/**
 * Writes `text` to `path` (making its folder) and says true; with --check writes nothing and says whether the
 * committed file holds exactly `text` (a missing file does not).
 */
export function writeOrCheck(path, text) {
  if (!CHECK) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    return true;
  }
  try {
    return readFileSync(path, 'utf8') === text;
  } catch {
    return false;
  }
}

/**
 * Writes (or checks) every file of `files` (path → text), prints `report` a line each, then fails naming the files
 * that differ, or says they all match (or how many were written).
 */
export function writeOrCheckAll(files, report) {
  const differing = [...files].filter(([path, text]) => !writeOrCheck(path, text)).map(([path]) => path);
  for (const line of report) process.stdout.write(`${line}\n`);
  if (differing.length > 0) {
    process.stderr.write(`differs from what the tool makes: ${differing.join(', ')}\n`);
    process.exit(1);
  }
  process.stdout.write(CHECK ? 'committed files match\n' : `wrote ${files.size} files\n`);
}
