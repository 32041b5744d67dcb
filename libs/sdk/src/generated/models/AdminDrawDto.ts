/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DrawNumberDto } from './DrawNumberDto';
export type AdminDrawDto = {
  date: string;
  /**
   * When they were fetched.
   */
  fetchedAt: string | null;
  numbers: Array<DrawNumberDto>;
  /**
   * Which draw of its date: present only on draws of rule eras with more than one round (`rules[].rounds`).
   */
  round?: number;
  /**
   * How many rounds of its date are stored, beside `round` (only on draws of eras with more than one round), so that a client reading round 1 knows that round 2 exists.
   */
  rounds?: number;
  /**
   * The source the numbers were fetched from ("adapter url"); null when they come from the bundled data, an administrator or an import.
   */
  source: string | null;
  /**
   * When the stored numbers last changed.
   */
  updatedAt: string;
};

