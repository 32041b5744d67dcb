/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DrawNumberDto } from './DrawNumberDto';
export type DrawDto = {
  date: string;
  numbers: Array<DrawNumberDto>;
};

