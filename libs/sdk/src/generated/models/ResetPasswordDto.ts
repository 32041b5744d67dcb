/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
export type ResetPasswordDto = {
  newPassword: string;
  /**
   * The `token` parameter of the reset link (after '#/reset-password?token=').
   */
  resetToken: string;
};

