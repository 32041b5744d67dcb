import type { License } from '../../app/api-types';
import { describe, expect, it } from 'vitest';
import { apiError } from './api-error.test-helper';
import { licenseErrors, licenseOf, licenseRefusal, licenseValuesOf, NEW_LICENSE } from './licenses';

const team: License = { name: 'team', monthlyQuota: 25000, perSecond: 5, perMinute: 1200, perHour: 72000 };

describe('licenseErrors', () => {
  it('accepts a new license with a name and the default limits, the quota left empty (unlimited)', () => {
    expect(licenseErrors({ ...NEW_LICENSE, name: 'team' }, true)).toEqual({});
    expect(licenseOf({ ...NEW_LICENSE, name: ' team ' })).toEqual({
      name: 'team',
      monthlyQuota: null,
      perSecond: 20,
      perMinute: 1200,
      perHour: 72000,
    });
  });

  it('asks for a name the API takes, only when it is typed', () => {
    expect(licenseErrors(NEW_LICENSE, true)).toEqual({ name: 'Enter a name.' });
    for (const name of ['Team', '-team', 'a b', 'x'.repeat(65)])
      expect(licenseErrors({ ...NEW_LICENSE, name }, true).name).toMatch(/^Use up to 64 characters/);
    expect(licenseErrors({ ...NEW_LICENSE, name: 'x'.repeat(64) }, true)).toEqual({});
    // An existing license keeps its name: the edit form has no such field.
    expect(licenseErrors(licenseValuesOf(team), false)).toEqual({});
  });

  it('says at each limit what is wrong, in words', () => {
    const values = { ...NEW_LICENSE, name: 'team', monthlyQuota: '1,000', perSecond: '0', perHour: '2.5' };
    expect(licenseErrors(values, true)).toEqual({
      monthlyQuota: 'Enter a whole number of requests, or leave it empty for no limit.',
      perSecond: 'Enter a whole number of requests, 1 or more.',
      perHour: 'Enter a whole number of requests, 1 or more.',
    });
    expect(
      licenseErrors({ ...values, monthlyQuota: '0', perSecond: '1', perHour: '2147483648' }, true),
    ).toEqual({
      perHour: 'Enter a whole number of requests, 1 or more.',
    });
  });

  it('starts the edit form from the license, an unlimited quota as an empty field', () => {
    expect(licenseValuesOf({ ...team, monthlyQuota: null })).toEqual({
      name: 'team',
      monthlyQuota: '',
      perSecond: '5',
      perMinute: '1200',
      perHour: '72000',
    });
    expect(licenseOf(licenseValuesOf(team))).toEqual(team);
  });
});

describe('licenseRefusal', () => {
  it('puts a taken name at the name when it was typed, above the form otherwise', () => {
    expect(licenseRefusal(apiError(409, 'License already exists.'), true)).toEqual({
      name: 'License already exists.',
    });
    expect(licenseRefusal(apiError(404, 'License not found.'), false)).toEqual({
      form: 'License not found.',
    });
  });

  it('puts a 400 at the limit it names', () => {
    const message = "Invalid 'perHour' value. Expected a whole number from 1 to 2147483647.";
    expect(licenseRefusal(apiError(400, message), false)).toEqual({ perHour: message });
    expect(licenseRefusal(new TypeError('fetch failed'), true)).toEqual({
      form: 'The service cannot be reached. Check your connection and try again.',
    });
  });
});
