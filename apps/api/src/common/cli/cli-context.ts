import type { Type } from '@nestjs/common';

/** What a command needs from the booted application: its providers. */
export interface CliContext {
  get<T>(type: Type<T>): T;
}

/** Where a command writes: results to `out`, problems to `err`, the progress bar to `progress`. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  progress: NodeJS.WritableStream;
}

export const EXIT_OK = 0;
/** Some input was rejected (import lines), or the command failed. */
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
