import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { SETTINGS } from '../../config/settings.module';
import { resolveJwtSecret, Settings } from '../../config/settings';
import { AccountsModule } from '../accounts/accounts.module';
import { JWT_ALGORITHM } from '../guards/jwt/access-token-claims';
import { AuthController } from './auth.controller';
import { PasswordController } from './password.controller';
import { AuthService } from './auth.service';
import { GuardsModule } from '../guards/guards.module';
import { MetricsModule } from '../metrics/metrics.module';
import { RegistrationLimit } from './registration-limit';
import { EmailVerificationModule } from '../email-verification/email-verification.module';
import { DeviceCookie } from './device-cookie';

/** Registration and login, which signs the access token (JwtStrategy in GuardsModule verifies it). */
@Module({
  imports: [
    GuardsModule,
    MetricsModule,
    AccountsModule,
    EmailVerificationModule,
    JwtModule.registerAsync({
      inject: [SETTINGS],
      useFactory: (settings: Settings) => ({
        secret: resolveJwtSecret(settings),
        signOptions: { expiresIn: settings.jwtExpiresInSeconds, algorithm: JWT_ALGORITHM },
      }),
    }),
  ],
  controllers: [AuthController, PasswordController],
  providers: [AuthService, RegistrationLimit, DeviceCookie],
  exports: [AuthService],
})
export class AuthModule {}
