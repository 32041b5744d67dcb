import { waitInWords } from './wait-in-words';

describe('waitInWords', () => {
  it.each([
    [0, '1 second'],
    [1, '1 second'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [1187, '20 minutes'],
    [7139, '119 minutes'],
    [7200, '2 hours'],
    [86_400, '24 hours'],
  ])('says %s s as "%s"', (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
  });
});
