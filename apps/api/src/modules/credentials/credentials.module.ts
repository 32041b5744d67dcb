import { Module } from '@nestjs/common';
import { CredentialsCache } from './credentials-cache.service';

/** Who an API token or an account id belongs to, cached for the guards; it follows the database's change feed. */
@Module({
  providers: [CredentialsCache],
  exports: [CredentialsCache],
})
export class CredentialsModule {}
