import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import { StaticReflector } from '../../common/metadata/static-reflector';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { COUNTER_STORE, type CounterStore } from '../metering/counter-store';
import { JwtStrategy } from './jwt/jwt.strategy';
import { RouteDeclarationCheck } from './route-declarations';
import { ClientIpRateLimits } from './throttling/client-ip-throttler.guard';
import { throttlerModuleOptions } from './throttling/throttlers';

/**
 * Who may call what: the @Auth decorator composes, per route, one guard per concern (client IP limit, API token,
 * license, quota, account rate limit; JWT and administrator role) and the quota charge. This module sets up
 * what they run on: the passport-jwt strategy, @nestjs/throttler's named throttlers over our counter store, and
 * the start-up check that refuses undeclared routes.
 */
@Global()
@Module({
  imports: [
    DiscoveryModule,
    PassportModule,
    ThrottlerModule.forRootAsync({
      inject: [SETTINGS, COUNTER_STORE],
      useFactory: (settings: Settings, store: CounterStore) => throttlerModuleOptions(settings, store),
    }),
  ],
  providers: [StaticReflector, JwtStrategy, RouteDeclarationCheck, ClientIpRateLimits],
  exports: [StaticReflector, ClientIpRateLimits],
})
export class GuardsModule {}
