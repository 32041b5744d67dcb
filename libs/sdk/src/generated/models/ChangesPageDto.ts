/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DrawChangeDto } from './DrawChangeDto';
export type ChangesPageDto = {
  /**
   * Oldest first, in commit order.
   */
  changes: Array<DrawChangeDto>;
  /**
   * Whether more events follow at once (ask again with `next`), or you are up to date.
   */
  more: boolean;
  /**
   * The cursor to send as `since` next time (opaque; valid on every instance).
   */
  next: string;
};

