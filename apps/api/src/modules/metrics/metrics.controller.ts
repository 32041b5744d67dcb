import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Auth } from '../guards/auth.decorator';
import { MetricsTokenGuard } from './metrics-token.guard';
import { MetricsService } from './metrics.service';

@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  // The client-IP limit first (a scrape every few seconds is far below it), then METRICS_TOKEN when it is set.
  @UseGuards(MetricsTokenGuard)
  @Auth('public')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
