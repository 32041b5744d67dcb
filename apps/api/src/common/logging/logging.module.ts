import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';

/**
 * Nest's logs through nestjs-pino, on the root logger Fastify already uses (`useExisting`): a log line written
 * while a request is handled carries that request's id.
 */
@Module({})
export class LoggingModule {
  static register(logger: Logger): DynamicModule {
    return {
      module: LoggingModule,
      imports: [LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true })],
    };
  }
}
