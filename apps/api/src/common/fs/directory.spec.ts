import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeWritableDirectory } from './directory';

describe('makeWritableDirectory', () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'lrs-dir-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('creates every missing folder, and accepts one that exists', () => {
    const deep = join(root, 'a', 'b', 'c');
    makeWritableDirectory(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(() => makeWritableDirectory(deep)).not.toThrow();
  });

  it('throws at once where Node’s recursive mkdir spins (a path under /proc)', () => {
    const started = Date.now();
    expect(() => makeWritableDirectory('/proc/lrs-no-such-folder/data')).toThrow(/ENOENT/);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses a path that is a file', () => {
    const file = join(root, 'file');
    writeFileSync(file, '');
    expect(() => makeWritableDirectory(file)).toThrow(/not a folder/);
    expect(() => makeWritableDirectory(join(file, 'below'))).toThrow(/ENOTDIR/);
  });
});
