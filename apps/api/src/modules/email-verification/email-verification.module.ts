import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Mailer } from '../../common/mail/mailer';
import { AccountsModule } from '../accounts/accounts.module';
import { GuardsModule } from '../guards/guards.module';
import { EmailVerification } from './email-verification.entity';
import { EmailVerificationController, EmailVerifyController } from './email-verification.controller';
import { EmailVerificationService } from './email-verification.service';

/** Verifying a registered account's address before its free license (REGISTRATION_VERIFY_EMAIL). */
@Module({
  imports: [GuardsModule, TypeOrmModule.forFeature([EmailVerification]), AccountsModule],
  controllers: [EmailVerificationController, EmailVerifyController],
  providers: [EmailVerificationService, Mailer],
  exports: [EmailVerificationService],
})
export class EmailVerificationModule {}
