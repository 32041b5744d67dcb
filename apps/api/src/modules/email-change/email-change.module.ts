import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Mailer } from '../../common/mail/mailer';
import { AccountsModule } from '../accounts/accounts.module';
import { GuardsModule } from '../guards/guards.module';
import { EmailChange } from './email-change.entity';
import { EmailChangeController, EmailConfirmController } from './email-change.controller';
import { EmailChangeService } from './email-change.service';

/** Changing an account's e-mail address (issue 34): a link to the new address (SMTP_URL), or at once. */
@Module({
  imports: [GuardsModule, TypeOrmModule.forFeature([EmailChange]), AccountsModule],
  controllers: [EmailChangeController, EmailConfirmController],
  providers: [EmailChangeService, Mailer],
})
export class EmailChangeModule {}
