/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DrawDto } from './DrawDto';
export type ConflictDto = {
  createdAt: string;
  /**
   * The draw as the source published it.
   */
  fetched: DrawDto;
  fetchedAt: string;
  id: string;
  lottery: string;
  resolvedAt: string | null;
  source: string;
  /**
   * open: waits for an administrator; accepted/rejected: decided; corrected: written at once (SYNC_ACCEPT_CORRECTIONS=on).
   */
  status: 'open' | 'accepted' | 'rejected' | 'corrected';
  /**
   * The draw as stored when the conflict was found.
   */
  stored: DrawDto;
};

