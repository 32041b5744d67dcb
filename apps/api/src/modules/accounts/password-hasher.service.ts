import { Inject, Injectable, Optional } from '@nestjs/common';
import { argon2id, hash, verify } from 'argon2';
import { randomBytes } from 'node:crypto';
import { OWASP_MINIMUM, PASSWORD_HASH_COST, type PasswordHashCost } from './password-hash-cost';

/** argon2id at the cost given (OWASP's minimum in the service); a check reads the cost from the stored hash. */
@Injectable()
export class PasswordHasher {
  private dummy?: Promise<string>;
  private readonly options: PasswordHashCost & { type: typeof argon2id; parallelism: 1 };

  constructor(@Optional() @Inject(PASSWORD_HASH_COST) cost: PasswordHashCost = OWASP_MINIMUM) {
    this.options = { type: argon2id, parallelism: 1, ...cost };
  }

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash must read as "wrong password", not as a 500.
      return false;
    }
  }

  /**
   * Spends the same work as a real check when the email is unknown, so response times do not tell which
   * emails have accounts. Always false.
   */
  async verifyAgainstDummy(password: string): Promise<false> {
    this.dummy ??= this.hash(randomBytes(16).toString('hex'));
    await this.verify(await this.dummy, password);
    return false;
  }
}
