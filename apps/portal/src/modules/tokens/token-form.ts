/** The token forms' values and the API bodies they become (creation and edit). */
import type { UpdateTokenDto } from '@lottery-results/sdk';
import { EXPIRY_CHOICES, expiresAtFor, type ExpiryChoice } from './expiry';

/** POST /profile/token's body, as the portal sends it. */
export interface NewToken {
  id: string;
  description: string;
  expiresAt?: string;
}

export interface CreateTokenValues {
  id: string;
  description: string;
  expiry: ExpiryChoice;
  /** 'YYYY-MM-DD', when `expiry` is 'date'. */
  date: string;
}

export const EMPTY_TOKEN: CreateTokenValues = { id: '', description: '', expiry: 'never', date: '' };

export function newTokenBody(values: CreateTokenValues, now = Date.now()): NewToken {
  return {
    id: values.id.trim(),
    description: values.description.trim(),
    expiresAt: expiresAtFor(values.expiry, values.date, now),
  };
}

/** In the edit dialog the expiry may also stay as it is. */
export type EditExpiryChoice = 'keep' | ExpiryChoice;

export interface EditTokenValues {
  description: string;
  expiry: EditExpiryChoice;
  date: string;
}

interface EditedToken {
  description?: string | null;
  expiresAt?: string | null;
}

export function editValuesFor(token: EditedToken): EditTokenValues {
  return { description: token.description ?? '', expiry: 'keep', date: '' };
}

/** The edit dialog's expiry choices: unchanged first, then "never" (which removes an expiry) and the rest. */
export function editExpiryChoices(token: EditedToken, keepLabel: string) {
  const never = token.expiresAt ? 'Never: remove the expiry' : 'Never';
  return [
    { value: 'keep' as const, label: `Unchanged (${keepLabel})` },
    ...EXPIRY_CHOICES.map((choice) => (choice.value === 'never' ? { ...choice, label: never } : choice)),
  ];
}

/**
 * PATCH /profile/token/{id}'s body. The description is always sent (blank: none); the expiry only when it
 * changes, so that saving a description leaves the expiry alone.
 */
export function tokenChanges(token: EditedToken, values: EditTokenValues, now = Date.now()): UpdateTokenDto {
  const changes: UpdateTokenDto = { description: values.description.trim() || null };
  if (values.expiry === 'never') {
    if (token.expiresAt) changes.expiresAt = null;
  } else if (values.expiry !== 'keep') {
    changes.expiresAt = expiresAtFor(values.expiry, values.date, now);
  }
  return changes;
}

/** What is wrong with a picked expiry date ('YYYY-MM-DD'), or true; `today` in the same form. */
export function checkExpiryDate(date: string, today: string): string | true {
  if (!date) return 'Choose the date the token stops working.';
  // ISO dates compare as text.
  if (date < today) return 'Choose today or a later date.';
  return true;
}
