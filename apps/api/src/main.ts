import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap';
import { loadSettings, SettingsError } from './config/settings';
import { printWelcome } from './startup/welcome';

async function main(): Promise<void> {
  const started = Date.now();
  const settings = loadSettings();
  const running = await createApp(settings);
  // Close through RunningApp so usage counters are flushed and the embedded database is shut down cleanly.
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      running.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
  await running.app.listen({ port: settings.port, host: '0.0.0.0' });
  const address = running.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  printWelcome({ settings, port, report: running.report, startupMs: Date.now() - started });
}

main().catch((error: unknown) => {
  if (error instanceof SettingsError) {
    console.error(error.message);
  } else {
    new Logger('Bootstrap').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
  process.exit(1);
});
