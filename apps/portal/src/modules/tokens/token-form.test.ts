import { describe, expect, it } from 'vitest';
import { checkExpiryDate, editExpiryChoices, editValuesFor, newTokenBody, tokenChanges } from './token-form';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

describe('newTokenBody', () => {
  it('trims, and sends an expiry only when one is chosen', () => {
    expect(newTokenBody({ id: ' prod ', description: ' Web ', expiry: 'never', date: '' }, NOW)).toEqual({
      id: 'prod',
      description: 'Web',
      expiresAt: undefined,
    });
    expect(newTokenBody({ id: 'p', description: '', expiry: '7', date: '' }, NOW).expiresAt).toBe(
      new Date(NOW + 7 * DAY).toISOString(),
    );
  });
});

describe('tokenChanges', () => {
  const expiring = { description: 'Web', expiresAt: '2026-04-01T00:00:00.000Z' };
  const forever = { description: null };

  it('leaves the expiry out when it stays as it is', () => {
    expect(tokenChanges(expiring, { ...editValuesFor(expiring), description: ' New ' }, NOW)).toEqual({
      description: 'New',
    });
    // "Never" for a token that never expires changes nothing either.
    expect(tokenChanges(forever, { description: '', expiry: 'never', date: '' }, NOW)).toEqual({
      description: null,
    });
  });

  it('removes an expiry with null, and sets a new one', () => {
    expect(tokenChanges(expiring, { description: 'Web', expiry: 'never', date: '' }, NOW)).toEqual({
      description: 'Web',
      expiresAt: null,
    });
    expect(tokenChanges(forever, { description: '', expiry: '30', date: '' }, NOW)).toEqual({
      description: null,
      expiresAt: new Date(NOW + 30 * DAY).toISOString(),
    });
    const dated = tokenChanges(forever, { description: '', expiry: 'date', date: '2026-05-02' }, NOW);
    expect(new Date(dated.expiresAt as string).getDate()).toBe(2);
  });
});

describe('editExpiryChoices', () => {
  it('starts with "unchanged" and says that "never" removes an expiry', () => {
    const labels = editExpiryChoices({ expiresAt: '2026-04-01T00:00:00Z' }, '1 Apr 2026').map((c) => c.label);
    expect(labels.slice(0, 2)).toEqual(['Unchanged (1 Apr 2026)', 'Never: remove the expiry']);
    expect(editExpiryChoices({}, 'never').map((c) => c.label)[1]).toBe('Never');
  });
});

describe('checkExpiryDate', () => {
  it('asks for a date from today on', () => {
    expect(checkExpiryDate('', '2026-03-10')).toBe('Choose the date the token stops working.');
    expect(checkExpiryDate('2026-03-09', '2026-03-10')).toBe('Choose today or a later date.');
    expect(checkExpiryDate('2026-03-10', '2026-03-10')).toBe(true);
  });
});
