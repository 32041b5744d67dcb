import { LotteryApiError } from '@lottery-results/sdk';
import { describe, expect, it } from 'vitest';
import { errorMessage, inPortalWords, portalMessage, waitInWords } from './errors';

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

describe('waitInWords', () => {
  it('says seconds under a minute, then minutes rounded up, then hours', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(45)).toBe('45 seconds');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(452)).toBe('8 minutes');
    expect(waitInWords(7199)).toBe('2 hours');
    expect(waitInWords(3600 * 5)).toBe('5 hours');
  });

  it("is how a 429's Retry-After is told", () => {
    const tooMany = new LotteryApiError(
      { method: 'POST', url: '/auth/register' },
      new Response(null, { status: 429, statusText: 'Too Many Requests', headers: { 'Retry-After': '452' } }),
      { code: 429, error: 'Too Many Requests', message: 'Too Many Requests' },
    );
    expect(errorMessage(tooMany)).toBe('Too many requests. Try again in 8 minutes.');
  });
});
