/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { AccountRole } from './AccountRole';
export type UpdateAccountDto = {
  /**
   * Disabling takes effect at once on the account's API tokens.
   */
  disabled?: boolean;
  /**
   * A license name, or null for none.
   */
  license?: string | null;
  /**
   * `admin` may also use the administration routes.
   */
  role?: AccountRole;
};

