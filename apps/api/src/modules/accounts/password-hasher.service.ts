import { Injectable } from '@nestjs/common';
import { argon2id, hash, verify } from 'argon2';
import { randomBytes } from 'node:crypto';

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): strong enough against offline guessing
 * and light enough that logins stay fast on a small instance.
 */
const OPTIONS = { type: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  private dummy?: Promise<string>;

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
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
