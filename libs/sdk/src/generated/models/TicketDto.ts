/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type TicketDto = {
  /**
   * The main numbers played.
   */
  main: Array<number>;
  /**
   * The specials chosen on the ticket, for lotteries whose special group has `pool: 'own'` (Powerball, Lucky Stars, Superzahl…). Omit it where the specials come from the main pool (bonus balls, supplementaries).
   */
  special?: Array<number>;
};

