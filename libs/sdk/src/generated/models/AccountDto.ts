/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { AccountRole } from './AccountRole';
import type { LicenseDto } from './LicenseDto';
import type { UsageDto } from './UsageDto';
export type AccountDto = {
  createdAt: string;
  /**
   * A disabled account's API tokens are refused with 403.
   */
  disabled: boolean;
  /**
   * Lower-cased.
   */
  email: string;
  /**
   * Whether the address was shown to be the holder's. False while an account registered with REGISTRATION_VERIFY_EMAIL waits for the link e-mailed to it: until then it has no license (its tokens are refused with 403). True for every other account.
   */
  emailVerified: boolean;
  id: string;
  /**
   * null: the account has no license.
   */
  license: LicenseDto | null;
  /**
   * `admin` may also use the administration routes.
   */
  role: AccountRole;
  usage: UsageDto;
};

