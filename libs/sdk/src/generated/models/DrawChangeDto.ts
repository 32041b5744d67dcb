/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DrawChangeDataDto } from './DrawChangeDataDto';
export type DrawChangeDto = {
  createdAt: string;
  data: DrawChangeDataDto;
  /**
   * The event's id (a webhook's X-Lottery-Event-Id).
   */
  id: string;
  type: 'draw.published' | 'draw.corrected' | 'draw.deleted' | 'draw.prizes';
};

