import { Injectable } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error';
import type { Account } from './account.entity';
import { LoginBackoff } from './login-backoff';
import { PasswordHasher } from './password-hasher.service';

/**
 * The current password that confirms a signed-in holder's serious step (deleting the account, changing the
 * password or the e-mail address). Each check costs an Argon2 verification, so it counts in the same per-address
 * back-off as log-ins: a session alone (stolen, or a free account's script) gets no more guesses, and makes the
 * service verify no more passwords, than the log-in form allows; a right password forgets the failures.
 */
@Injectable()
export class CurrentPasswordCheck {
  constructor(
    private readonly backoff: LoginBackoff,
    private readonly hasher: PasswordHasher,
  ) {}

  /** Resolves when `password` is the account's; 400 with `wrongMessage` when not; 429 while a back-off runs. */
  async verify(account: Account, password: string, wrongMessage: string): Promise<void> {
    const attempt = await this.backoff.attempt(account.email);
    if (!(await this.hasher.verify(account.passwordHash, password))) throw ApiError.badRequest(wrongMessage);
    await this.backoff.succeeded(attempt);
  }
}
