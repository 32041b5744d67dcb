import { Global, Module } from '@nestjs/common';
import { CredentialsCache } from './credentials-cache.service';

/**
 * Who an API token or an account id belongs to, cached for the guards; it follows the database's change feed.
 * Global: the token and JWT guards, built by Nest in the module of each guarded controller, inject it.
 */
@Global()
@Module({
  providers: [CredentialsCache],
  exports: [CredentialsCache],
})
export class CredentialsModule {}
