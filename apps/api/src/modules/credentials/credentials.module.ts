import { Global, Module } from '@nestjs/common';
import { CredentialsCache } from './credentials-cache.service';

/** Who an API token or an account id belongs to, cached for the guards and invalidated on every write. */
@Global()
@Module({
  providers: [CredentialsCache],
  exports: [CredentialsCache],
})
export class CredentialsModule {}
