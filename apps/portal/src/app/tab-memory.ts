/**
 * What a page keeps for this browser tab while the holder moves between pages (the token in use, the last check),
 * so that following a link and coming back loses nothing. In memory only, like the secrets: gone on reload and
 * on log-out.
 */
const kept = new Map<string, unknown>();

export const tabMemory = {
  get<T>(key: string): T | undefined {
    return kept.get(key) as T | undefined;
  },
  set<T>(key: string, value: T): void {
    kept.set(key, value);
  },
  delete(key: string): void {
    kept.delete(key);
  },
  clear(): void {
    kept.clear();
  },
};
