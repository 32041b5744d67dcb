/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type ForgotPasswordResultDto = {
  /**
   * `email`: if an account has this address, a link valid for one hour is on its way (the answer is the same for an unknown address). `administrator`: this service sends no e-mail; an administrator creates the link.
   */
  delivery: 'email' | 'administrator';
};

