import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { SETTINGS } from '../../config/settings.module';
import { resolveJwtSecret, Settings } from '../../config/settings';
import { JwtAccessService } from './jwt-access.service';

/** JWT signing and verification, shared by the global AccessGuard and the login endpoint. */
@Global()
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [SETTINGS],
      useFactory: (settings: Settings) => ({
        secret: resolveJwtSecret(settings),
        signOptions: { expiresIn: settings.jwtExpiresInSeconds, algorithm: 'HS256' },
      }),
    }),
  ],
  providers: [JwtAccessService],
  exports: [JwtAccessService],
})
export class AuthCoreModule {}
