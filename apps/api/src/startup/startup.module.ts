import { Module } from '@nestjs/common';
import { AccountsModule } from '../modules/accounts/accounts.module';
import { CatalogModule } from '../modules/catalog/catalog.module';
import { DrawsModule } from '../modules/draws/draws.module';
import { IngestionModule } from '../modules/ingestion/ingestion.module';
import { WebhooksModule } from '../modules/webhooks/webhooks.module';
import { ChangesModule } from '../modules/changes/changes.module';
import { StartupService } from './startup.service';
import { CredentialsModule } from '../modules/credentials/credentials.module';
import { MeteringModule } from '../modules/metering/metering.module';

@Module({
  imports: [
    CredentialsModule,
    MeteringModule,
    AccountsModule,
    CatalogModule,
    DrawsModule,
    IngestionModule,
    WebhooksModule,
    ChangesModule,
  ],
  providers: [StartupService],
  exports: [StartupService],
})
export class StartupModule {}
