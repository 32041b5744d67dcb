import { Global, Module } from '@nestjs/common';
import { AccessCacheService } from './access-cache.service';
import { MeteredAccessService } from './metered-access.service';

/** Who is calling with an API token, and whether they may: the metered check chain and its cache. */
@Global()
@Module({
  providers: [AccessCacheService, MeteredAccessService],
  exports: [AccessCacheService, MeteredAccessService],
})
export class AccessModule {}
