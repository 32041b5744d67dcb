/**
 * Token secrets created in this browser tab, so that "Try it" can prefill them. Kept in memory only: never in
 * storage, gone on reload and on log-out (the API cannot show a secret twice, and neither should the disk).
 */
const secrets = new Map<string, string>();

export const secretMemory = {
  remember(tokenId: string, secret: string): void {
    // Learnt again (a reset): it becomes the newest.
    secrets.delete(tokenId);
    secrets.set(tokenId, secret);
  },
  recall(tokenId: string): string | undefined {
    return secrets.get(tokenId);
  },
  /** Of these tokens, the one whose secret this tab learnt last (created or reset here), if any. */
  newest(tokenIds: readonly string[]): string | undefined {
    return [...secrets.keys()].reverse().find((id) => tokenIds.includes(id));
  },
  forget(tokenId: string): void {
    secrets.delete(tokenId);
  },
  clear(): void {
    secrets.clear();
  },
};
