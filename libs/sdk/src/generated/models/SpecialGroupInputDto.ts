/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type SpecialGroupInputDto = {
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
   * What the operator calls them.
   */
  name?: string | null;
  /**
   * `own`: chosen by the player on the ticket; `main`: drawn from the main pool (bonus balls).
   */
  pool?: 'own' | 'main';
};

