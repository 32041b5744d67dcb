import { DynamicModule, Global, Module } from '@nestjs/common';

/** argon2id's cost per password hash: its memory in KiB and its passes (one lane). */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
}

/**
 * OWASP's recommended minimum for argon2id (19 MiB, 2 passes, 1 lane): strong enough against offline guessing and
 * light enough that logins stay fast on a small instance. The service always runs with it; only an embedder (the
 * HTTP tests, which register and log in over a thousand times a run) may choose another.
 */
export const OWASP_MINIMUM: PasswordHashCost = { memoryCost: 19_456, timeCost: 2 };

export const PASSWORD_HASH_COST = Symbol('PASSWORD_HASH_COST');

/** Provides the cost to PasswordHasher wherever the accounts module is imported. */
@Global()
@Module({})
export class PasswordHashCostModule {
  static register(cost: PasswordHashCost = OWASP_MINIMUM): DynamicModule {
    return {
      module: PasswordHashCostModule,
      providers: [{ provide: PASSWORD_HASH_COST, useValue: cost }],
      exports: [PASSWORD_HASH_COST],
    };
  }
}
