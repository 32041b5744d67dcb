import { Global, Module } from '@nestjs/common';
import { ChangeFeed } from './change-feed.service';

/**
 * The change feed every in-memory cache follows (change-feed.service.ts): one for the app, on the database that
 * DatabaseModule provides. Global, as every writer publishes on it.
 */
@Global()
@Module({ providers: [ChangeFeed], exports: [ChangeFeed] })
export class ChangeFeedModule {}
