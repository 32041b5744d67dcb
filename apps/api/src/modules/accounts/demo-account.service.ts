import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { ApiError } from '../../common/errors/api-error';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { LicensesService } from '../licenses/licenses.service';
import { TokensService } from '../tokens/tokens.service';
import { AccountsService } from './accounts.service';

export const DEMO_EMAIL = 'demo@example.com';
const DEMO_LICENSE = 'pro';
const DEMO_TOKEN_ID = 'demo';

export interface DemoCredentials {
  email: string;
  password: string;
  token: string;
}

/** A ready-to-use account for a first look at a fresh installation (CREATE_DEMO_ACCOUNT). */
@Injectable()
export class DemoAccountService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly tokens: TokensService,
    private readonly licenses: LicensesService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** Creates the demo account with one token; null when it already exists (its secrets cannot be shown again). */
  async ensureDemo(): Promise<DemoCredentials | null> {
    if (await this.accounts.findByEmail(DEMO_EMAIL)) return null;
    const password = randomBytes(12).toString('base64url');
    const license = (await this.licenses.findByName(DEMO_LICENSE))
      ? DEMO_LICENSE
      : this.settings.defaultLicense;
    let accountId: string;
    try {
      ({ id: accountId } = await this.accounts.create({
        email: DEMO_EMAIL,
        password,
        role: 'user',
        license,
      }));
    } catch (error) {
      // Another instance starting at the same time created it first.
      if (error instanceof ApiError && error.status === 409) return null;
      throw error;
    }
    const { secret } = await this.tokens.create(accountId, {
      id: DEMO_TOKEN_ID,
      description: 'Created at start-up for the demo account',
    });
    return { email: DEMO_EMAIL, password, token: secret };
  }
}
