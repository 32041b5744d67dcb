import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import { StaticReflector } from '../../common/metadata/static-reflector';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { CredentialsModule } from '../credentials/credentials.module';
import { MeteringModule } from '../metering/metering.module';
import { JwtStrategy } from './jwt/jwt.strategy';
import { RouteDeclarationCheck } from './route-declarations';
import { ClientIpLimit } from './throttling/client-ip-limit';
import { throttlerModuleOptions } from './throttling/throttlers';

/**
 * Who may call what: the @Auth decorator composes, per route, one guard per concern (API token, license, quota —
 * the quota guard asks metering's admission, which decides the quota, the license's rate windows and the charge;
 * JWT and administrator role); the client-IP limit is a hook that runs before them (ClientIpLimit, installed by
 * configureApp). This module sets up what they run on: the passport-jwt strategy, @nestjs/throttler's named
 * throttlers of the client-IP limit, and the start-up check that refuses undeclared routes.
 *
 * A module whose routes use @Auth imports this module. Nest builds a route's guards in the module of its
 * controller, so what the guards inject (the credentials cache, admission) must be reachable from every such
 * module: CredentialsModule and MeteringModule are global for that reason, not re-exported from here.
 */
@Module({
  imports: [
    DiscoveryModule,
    PassportModule,
    CredentialsModule,
    MeteringModule,
    ThrottlerModule.forRootAsync({
      inject: [SETTINGS],
      useFactory: (settings: Settings) => throttlerModuleOptions(settings),
    }),
  ],
  providers: [StaticReflector, JwtStrategy, RouteDeclarationCheck, ClientIpLimit],
  exports: [StaticReflector, ClientIpLimit],
})
export class GuardsModule {}
