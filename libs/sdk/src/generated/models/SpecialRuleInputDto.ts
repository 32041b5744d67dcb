/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type SpecialRuleInputDto = {
  count: number;
  /**
   * How many drawn specials count for prizes (default: all).
   */
  counted?: number;
  /**
   * false only where numbers may repeat (separate pools).
   */
  distinct?: boolean;
  max: number;
  min: number;
  /**
   * `own`: chosen by the player on the ticket; `main`: drawn from the main pool (bonus balls).
   */
  pool?: 'own' | 'main';
};

