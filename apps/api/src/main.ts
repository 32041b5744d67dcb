import 'reflect-metadata';
import { createApp } from './bootstrap';
import { loadSettings, SettingsError } from './config/settings';
import { printWelcome } from './startup/welcome';

async function main(): Promise<void> {
  const started = Date.now();
  const settings = loadSettings();
  const running = await createApp(settings);
  // Close through RunningApp so usage counters are flushed and the embedded database is shut down cleanly. Every
  // signal keeps its listener: Ctrl-C on `npm start` sends SIGINT to the whole process group and tools/start.mjs
  // passes on its own, and a signal without a listener would end the process in the middle of closing.
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
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
  await running.app.listen({ port: settings.port, host: settings.host });
  const address = running.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  // Nest hands its buffered start-up lines to the logger once listening, which writes them asynchronously: the
  // banner waits for them, else its one-time secrets scroll away under them.
  await running.logsWritten();
  printWelcome({ settings, port, report: running.report, startupMs: Date.now() - started });
}

main().catch((error: unknown) => {
  // Straight to stderr, which Node writes synchronously: a line given to the logger (asynchronous once the app has
  // started it) was lost to process.exit, leaving a failed start (port taken, refused route) without a word.
  if (error instanceof SettingsError) console.error(error.message);
  else
    console.error(
      `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  process.exit(1);
});
