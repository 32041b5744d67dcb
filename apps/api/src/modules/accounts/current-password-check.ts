import { Injectable } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error';
import type { Account } from './account.entity';
import { LoginBackoff } from './login-backoff';
import { PasswordHasher } from './password-hasher.service';

/**
 * The current password that confirms a signed-in holder's serious step (deleting the account, changing the
 * password or the e-mail address). Each check costs an Argon2 verification, so it has a back-off of its own,
 * counted per account for all its sessions (LoginBackoff.inSession): a session alone (stolen, or a free account's
 * script) gets no more guesses, and makes the service verify no more passwords, than the log-in form allows a
 * client; and since it is apart from the log-in form's counts, no stranger's failed log-ins can block the owner's
 * step. A right password forgets the failures.
 */
@Injectable()
export class CurrentPasswordCheck {
  constructor(
    private readonly backoff: LoginBackoff,
    private readonly hasher: PasswordHasher,
  ) {}

  /** Resolves when `password` is the account's; 400 with `wrongMessage` when not; 429 while a back-off runs. */
  async verify(account: Account, password: string, wrongMessage: string): Promise<void> {
    const counters = this.backoff.inSession(account.id);
    await this.backoff.attempt(counters);
    if (!(await this.hasher.verify(account.passwordHash, password))) throw ApiError.badRequest(wrongMessage);
    await this.backoff.succeeded(counters);
  }
}
