/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DrawDto } from './DrawDto';
import type { DrawPrizesDto } from './DrawPrizesDto';
export type DrawChangeDataDto = {
  /**
   * The draw as the draw routes answer it (for draw.deleted: as it was).
   */
  draw: DrawDto;
  lottery: string;
  /**
   * draw.prizes only: what the draw paid, as `GET …/draw/{date}/prizes` answers it.
   */
  prizes?: DrawPrizesDto;
};

