/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DrawNumberDto } from './DrawNumberDto';
export type DrawDto = {
  date: string;
  numbers: Array<DrawNumberDto>;
  /**
   * Which draw of its date: present only on draws of rule eras with more than one round (`rules[].rounds`).
   */
  round?: number;
};

