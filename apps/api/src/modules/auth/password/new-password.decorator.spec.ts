import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ChangePasswordDto } from '../dto/change-password.dto';
import { passwordStrength } from './password-strength';

describe('NewPassword: the reason for a refusal', () => {
  afterAll(() => passwordStrength.stop());

  const check = (newPassword: string) =>
    validate(plainToInstance(ChangePasswordDto, { currentPassword: 'whatever it was', newPassword }));

  it("gives each refused password zxcvbn's reason", async () => {
    const [common, similar] = await Promise.all([check('qwertyuiop'), check('Password1!')]);
    expect(common[0].constraints).toEqual({
      isHardToGuess:
        "Invalid 'newPassword' value: too easy to guess. This is a frequently used password. " +
        'Add more words that are less common.',
    });
    expect(similar[0].constraints?.isHardToGuess).toMatch(/This is similar to a commonly used password\./);
  });

  it('is kept with the validated object, never in a map keyed by the plaintext password', async () => {
    const password = 'iloveyou12';
    const keys: unknown[] = [];
    const set = Map.prototype.set;
    const spy = jest.spyOn(Map.prototype, 'set').mockImplementation(function (
      this: Map<unknown, unknown>,
      key,
      value,
    ) {
      keys.push(key);
      return set.call(this, key, value);
    });
    try {
      const errors = await check(password);
      expect(errors[0].constraints?.isHardToGuess).toMatch(/too easy to guess/);
    } finally {
      spy.mockRestore();
    }
    expect(keys.length).toBeGreaterThan(0);
    expect(keys).not.toContain(password);
  });
});
