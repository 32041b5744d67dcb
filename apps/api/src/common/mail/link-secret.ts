import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { hash, randomBytes } from 'node:crypto';
import { Messages } from '../errors/messages';

/**
 * The secret of a one-time link sent by e-mail (password reset, e-mail change, verification): 256 random bits,
 * URL-safe (43 characters). It travels in the portal's fragment (`#/page?token=…`), never sent to a server.
 */
export function newLinkSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored, so that a copy of the database opens no link. */
export function hashLinkSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/**
 * The `token` of a link's page in a request body: a URL-safe string of at most 256 characters, else 400 naming the
 * field and `what` it is.
 */
export function LinkToken(field: string, what: string, page: string): PropertyDecorator {
  const message = Messages.invalidField(field, what);
  return applyDecorators(
    ApiProperty({
      description: `The \`token\` parameter of the link (after '#/${page}?token=').`,
      example: 'm0XJ3sVq2y0Vb4cYH2aQ2Xk9lq3c1yTeS2o1dY7m3Bw',
    }),
    IsString({ message }),
    Length(1, 256, { message }),
    Matches(/^[A-Za-z0-9_-]+$/, { message }),
  );
}
