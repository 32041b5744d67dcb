import { cheapWarning } from './common-passwords';
import { MIN_STRENGTH_SCORE, PasswordStrengthWorker } from './password-strength';

describe('the password-strength check fails closed', () => {
  describe('cheapWarning (when zxcvbn cannot answer)', () => {
    it.each([
      ['password1234', 'This is a commonly used password.'],
      ['qwertyuiop', 'This is a commonly used password.'],
      ['Password123!', 'This is similar to a commonly used password.'],
      ['P@ssw0rd2024', 'This is similar to a commonly used password.'],
      ['2024football', 'This is similar to a commonly used password.'],
      ['aaaaaaaaaaaa', 'Repeated characters like "aaa" are easy to guess.'],
      ['abababababab', 'Repeated characters like "aaa" are easy to guess.'],
      ['abcdefghijkl', 'Common character sequences like "abc" are easy to guess.'],
      ['9876543210', 'Common character sequences like "abc" are easy to guess.'],
    ])('refuses %s', async (password, warning) => {
      expect(await cheapWarning(password)).toBe(warning);
    });

    it.each([['correct horse battery staple'], ['Tr0ub4dour&3'], ['kettle-violin-88-north']])(
      'lets %s through',
      async (password) => {
        expect(await cheapWarning(password)).toBeNull();
      },
    );
  });

  describe('PasswordStrengthWorker', () => {
    let strength: PasswordStrengthWorker;
    afterEach(() => strength.stop());

    it('scores with zxcvbn when the worker answers', async () => {
      strength = new PasswordStrengthWorker({ maxWaiting: 16, answerTimeoutMs: 30_000 });
      expect(await strength.score('qwertyuiop')).toEqual({
        score: 0,
        warning: 'This is a frequently used password.',
        suggestion: 'Add more words that are less common.',
      });
      expect((await strength.score('correct horse battery staple')).score).toBeGreaterThanOrEqual(
        MIN_STRENGTH_SCORE,
      );
    });

    it('refuses a common password when too many scorings wait (it used to accept it unscored)', async () => {
      strength = new PasswordStrengthWorker({ maxWaiting: 0, answerTimeoutMs: 30_000 });
      expect(await strength.score('password1234')).toEqual({
        score: 0,
        warning: 'This is a commonly used password.',
        suggestion: 'Add more words that are less common.',
      });
      expect((await strength.score('correct horse battery staple')).score).toBe(MIN_STRENGTH_SCORE);
    });

    it('refuses a common password when the worker dies before answering', async () => {
      strength = new PasswordStrengthWorker({ maxWaiting: 16, answerTimeoutMs: 30_000 });
      const verdict = strength.score('password1234');
      await strength.stop();
      expect((await verdict).score).toBeLessThan(MIN_STRENGTH_SCORE);
    });

    it('refuses a common password when the worker does not answer in time', async () => {
      // 1 ms: far less than the worker needs to load its dictionaries.
      strength = new PasswordStrengthWorker({ maxWaiting: 16, answerTimeoutMs: 1 });
      expect((await strength.score('password1234')).score).toBeLessThan(MIN_STRENGTH_SCORE);
    });
  });
});
