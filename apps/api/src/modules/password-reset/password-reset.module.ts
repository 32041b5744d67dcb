import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Mailer } from '../../common/mail/mailer';
import { AccountsModule } from '../accounts/accounts.module';
import { AuthModule } from '../auth/auth.module';
import { AdminPasswordResetController } from './admin-password-reset.controller';
import { PasswordReset } from './password-reset.entity';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';
import { GuardsModule } from '../guards/guards.module';

/** Forgotten passwords: reset links by e-mail (SMTP_URL) or from an administrator. */
@Module({
  imports: [GuardsModule, TypeOrmModule.forFeature([PasswordReset]), AccountsModule, AuthModule],
  controllers: [PasswordResetController, AdminPasswordResetController],
  providers: [PasswordResetService, Mailer],
})
export class PasswordResetModule {}
