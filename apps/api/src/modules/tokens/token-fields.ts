import { Messages } from '../../common/errors/messages';

/**
 * Token ids: up to 64 characters counted as PostgreSQL counts them (code points, hence the `u` flag), no control
 * characters. An empty id passes this pattern on purpose: emptiness has its own contract message.
 */
export const TOKEN_ID_PATTERN = /^\P{Cc}{0,64}$/u;
export const TOKEN_ID_MESSAGE = Messages.invalidField('id', '1 to 64 characters without control characters');

/** Descriptions are free text: line breaks and tabs are fine, other control characters (NUL) are not. */
export const DESCRIPTION_PATTERN = /^[\P{Cc}\t\n\r]{0,500}$/u;
export const DESCRIPTION_MESSAGE = Messages.invalidField(
  'description',
  'text of at most 500 characters, or null',
);

/** Whether `id` could name a stored token: anything else is answered 404 without a query. */
export function isTokenId(id: string): boolean {
  return id.length > 0 && TOKEN_ID_PATTERN.test(id);
}

export const trimString = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;
