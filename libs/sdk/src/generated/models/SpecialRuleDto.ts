/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type SpecialRuleDto = {
  count: number;
  /**
   * How many of the drawn specials count for prizes, in draw order (SuperEnalotto: the Jolly, not the SuperStar). Absent: all.
   */
  counted?: number;
  /**
   * false only where the numbers come from separate pools and may repeat.
   */
  distinct: boolean;
  max: number;
  min: number;
  /**
   * `own`: the player chooses the specials on the ticket, from their own pool (Powerball, Lucky Stars, Superzahl); `main`: they are drawn from the main pool and match the ticket's main numbers (bonus balls, supplementaries, the Jolly), so a ticket carries main numbers only.
   */
  pool: 'own' | 'main';
};

