import { ApiProperty } from '@nestjs/swagger';
import type { QuotaState } from '../../metering/quota.service';
import { LicenseDto, toLicenseDto } from '../../licenses/dto/license.dto';
import type { Account } from '../account.entity';

/** The account's metered usage for the current UTC month. */
export class UsageDto {
  @ApiProperty({ example: '2026-11', description: "The UTC calendar month, 'YYYY-MM'." })
  month!: string;

  @ApiProperty({ type: 'integer', example: 42, description: 'Metered requests counted this month.' })
  used!: number;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: 1000,
    description: "The license's monthly quota; null = unlimited; 0 when the account has no license.",
  })
  quota!: number | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: 958,
    description: 'Requests left this month; null = unlimited.',
  })
  remaining!: number | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    example: '2026-12-01T00:00:00.000Z',
    description: 'When the counter resets: 00:00 UTC on the 1st of the next month.',
  })
  resetsAt!: string;
}

export class AccountDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'jane@example.com', description: 'Lower-cased.' })
  email!: string;

  @ApiProperty({
    enum: ['user', 'admin'],
    enumName: 'AccountRole',
    description: '`admin` may also use the administration routes.',
  })
  role!: 'user' | 'admin';

  @ApiProperty({ description: "A disabled account's API tokens are refused with 403." })
  disabled!: boolean;

  @ApiProperty({
    description:
      "Whether the address was shown to be the holder's. False while an account registered with " +
      'REGISTRATION_VERIFY_EMAIL waits for the link e-mailed to it: until then it has no license (its tokens are ' +
      'refused with 403). True for every other account.',
  })
  emailVerified!: boolean;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: () => LicenseDto, nullable: true, description: 'null: the account has no license.' })
  license!: LicenseDto | null;

  @ApiProperty({ type: () => UsageDto })
  usage!: UsageDto;
}

export function toUsageDto(state: QuotaState): UsageDto {
  return {
    month: state.month,
    used: state.used,
    quota: state.quota,
    remaining: state.remaining,
    resetsAt: state.resetsAt.toISOString(),
  };
}

/** `account.license` must have been loaded with the account. */
export function toAccountDto(account: Account, usage: QuotaState): AccountDto {
  return {
    id: account.id,
    email: account.email,
    role: account.role,
    disabled: account.disabled,
    emailVerified: account.emailVerified,
    createdAt: account.createdAt.toISOString(),
    license: account.license ? toLicenseDto(account.license) : null,
    usage: toUsageDto(usage),
  };
}
