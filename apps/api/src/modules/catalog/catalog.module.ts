import { Module } from '@nestjs/common';
import { FreshnessHeaderWriter } from './freshness-header.writer';
import { LotteryCatalog } from './lottery-catalog.service';

/**
 * The read model of lotteries and draws (README.md): LotteryCatalog, which every metered read answers from, and
 * FreshnessHeaderWriter, which puts its freshness on every draw answer. The
 * ChangeFeed it follows comes from the global DatabaseModule. Every module that reads or reloads the catalog
 * imports this module itself.
 */
@Module({
  providers: [LotteryCatalog, FreshnessHeaderWriter],
  exports: [LotteryCatalog, FreshnessHeaderWriter],
})
export class CatalogModule {}
