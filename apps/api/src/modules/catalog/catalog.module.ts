import { Module } from '@nestjs/common';
import { LotteryCatalog } from './lottery-catalog.service';

/**
 * The read model of lotteries and draws (README.md): LotteryCatalog, which every metered read answers from. The
 * ChangeFeed it follows comes from the global DatabaseModule. Every module that reads or reloads the catalog
 * imports this module itself.
 */
@Module({
  providers: [LotteryCatalog],
  exports: [LotteryCatalog],
})
export class CatalogModule {}
