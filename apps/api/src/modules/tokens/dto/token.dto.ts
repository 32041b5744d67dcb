import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ApiToken } from '../api-token.entity';

/** An API token as listed: never its secret. */
export class TokenDto {
  @ApiProperty({
    example: 'production',
    description: 'Chosen by the account holder, unique within the account.',
  })
  id!: string;

  @ApiProperty({ type: String, nullable: true, example: 'Website backend' })
  description!: string | null;

  @ApiProperty({ example: 'lr_7Gk2Q', description: 'The first 8 characters of the secret, to recognise it.' })
  prefix!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Last metered request made with the token (recorded within seconds); null if never used.',
  })
  lastUsedAt!: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    description: 'When the token stops working; absent when it never expires.',
  })
  expiresAt?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    description:
      'After a roll with a grace period: until when the replaced secret still works; absent once it has ended.',
  })
  previousSecretExpiresAt?: string;
}

/** The answer to token creation and roll: the only time the secret is shown. */
export class CreatedTokenDto extends TokenDto {
  @ApiProperty({
    example: 'lr_7Gk2QxV0c9L3mWb8Rr1TzYp4NaE6sHdJ',
    description: 'The secret, for the X-API-Token header. Shown once: only a hash of it is stored.',
  })
  token!: string;
}

/** `now` decides whether a rolled secret's grace period is still running. */
export function toTokenDto(token: ApiToken, now = new Date()): TokenDto {
  const graceEnd = token.previousSecretExpiresAt;
  return {
    id: token.id,
    description: token.description,
    prefix: token.prefix,
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: token.lastUsedAt ? token.lastUsedAt.toISOString() : null,
    ...(token.expiresAt ? { expiresAt: token.expiresAt.toISOString() } : {}),
    ...(graceEnd && graceEnd > now ? { previousSecretExpiresAt: graceEnd.toISOString() } : {}),
  };
}
