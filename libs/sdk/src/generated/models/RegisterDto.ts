/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type RegisterDto = {
  /**
   * Trimmed and lower-cased.
   */
  email: string;
  /**
   * At least 10 characters, and not easy to guess: common passwords and their obvious variants (`password123`, `Password1!`, `qwertyuiop`) are refused, with the reason (zxcvbn).
   */
  password: string;
};

