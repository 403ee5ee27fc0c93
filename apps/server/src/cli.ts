import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { healthCheckJob } from './jobs/health-check.job.ts';
import { startRuntime } from './runtime.ts';

const usage = `Usage: murimi <command>
  serve     API, web app and job workers (default)
  worker    job workers only
  migrate   bring the database schema up to date and exit`;

async function main(command: string, config: Config): Promise<void> {
  switch (command) {
    case 'serve': {
      const started = Date.now();
      const runtime = await startRuntime(config, { work: true });
      await runtime.app.listen({ port: config.port, host: config.host });
      await runtime.ctx.queue.send(healthCheckJob, { requestedAt: new Date().toISOString() });
      const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
      console.log(`${config.productName} is ready at ${config.publicUrl} (${where}; started in ${Date.now() - started} ms)`);
      stopOnSignal(() => runtime.close());
      return;
    }
    case 'worker': {
      const runtime = await startRuntime(config, { work: true });
      console.log(`${config.productName} worker is running`);
      stopOnSignal(() => runtime.close());
      return;
    }
    case 'migrate': {
      const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      const applied = await migrateToLatest(database.db as never);
      console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'The database is up to date.');
      await database.close();
      return;
    }
    default:
      console.error(usage);
      process.exitCode = 2;
  }
}

function stopOnSignal(close: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing running work and stopping`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Stopping failed:', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
main(process.argv[2] ?? 'serve', config).catch((error: unknown) => {
  console.error('Start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
