/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { RegionWinnersDto } from './RegionWinnersDto';
export type PutDivisionPrizeDto = {
  amount: number | null;
  rank: number;
  regions?: Array<RegionWinnersDto> | null;
  winners: number | null;
};

