import { describe, expect, it } from 'vitest';
import { errorMessage, inPortalWords, portalMessage } from './errors';

describe('portalMessage', () => {
  it('says a guessable password plainly, keeping the reason', () => {
    expect(
      portalMessage(
        "Invalid 'password' value: too easy to guess. This is a top-10 common password. Add another word or two.",
      ),
    ).toBe('This password is too easy to guess. This is a top-10 common password. Add another word or two.');
    expect(portalMessage("Invalid 'newPassword' value: too easy to guess.")).toBe(
      'This password is too easy to guess. Use a few uncommon words.',
    );
  });

  it('says the length rule without the field name', () => {
    expect(portalMessage("Invalid 'newPassword' value. Expected a string of 10 to 128 characters.")).toBe(
      'Use 10 to 128 characters.',
    );
  });

  it('rewords the known field messages', () => {
    expect(portalMessage('Current password is incorrect.')).toBe('This is not your current password.');
    expect(portalMessage("Invalid 'password' value. Expected the account's current password.")).toBe(
      'This is not your password.',
    );
    expect(portalMessage("Invalid 'expiresAt' value. Expected an ISO 8601 date-time in the future.")).toBe(
      'Choose a date in the future.',
    );
    expect(portalMessage("Invalid 'email' value. Expected an email address of at most 254 characters.")).toBe(
      'Enter an e-mail address, such as jane@example.com.',
    );
  });

  it('leaves other messages as they are', () => {
    expect(portalMessage('Token already exists with the provided identifier.')).toBe(
      'Token already exists with the provided identifier.',
    );
  });
});

describe('inPortalWords', () => {
  it('rewords every field of a form and keeps the absent ones absent', () => {
    expect(inPortalWords({ currentPassword: 'Current password is incorrect.', form: undefined })).toEqual({
      currentPassword: 'This is not your current password.',
      form: undefined,
    });
  });
});

describe('errorMessage', () => {
  it('says the service is unreachable after a network failure', () => {
    expect(errorMessage(new TypeError('fetch failed'))).toMatch(/^The service cannot be reached/);
  });
});
