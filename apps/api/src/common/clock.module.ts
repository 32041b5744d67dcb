import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';

/**
 * The one Clock of the app, global like the other infrastructure (settings, database, Redis): metering, schedules,
 * freshness and the controllers read the time from it, and tests move it (app.get(Clock)) for all of them at once.
 */
@Global()
@Module({
  providers: [Clock],
  exports: [Clock],
})
export class ClockModule {}
