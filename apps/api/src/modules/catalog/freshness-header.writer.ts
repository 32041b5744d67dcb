import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Clock } from '../../common/clock';
import { FRESHNESS_HEADER } from '../lotteries/domain/freshness-header';
import { LotteryCatalog } from './lottery-catalog.service';

/**
 * Puts X-Lottery-Freshness on an answer about one lottery's draws (draws, prizes, ticket checks, number stats): the
 * one place that header is written. An unknown lottery throws the contract's 404 before any body is built.
 */
@Injectable()
export class FreshnessHeaderWriter {
  constructor(
    private readonly catalog: LotteryCatalog,
    private readonly clock: Clock,
  ) {}

  write(reply: FastifyReply, tag: string): void {
    reply.header(FRESHNESS_HEADER, this.catalog.freshnessHeaderOf(tag, this.clock.now()));
  }
}
