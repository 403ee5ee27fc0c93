import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { MoveError, moveToPostgres } from './db/move-to-postgres.ts';
import { healthCheckJob } from './jobs/health-check.job.ts';
import { setUpDemo } from './demo/demo-setup.ts';
import { startRuntime } from './runtime.ts';

const usage = `Usage: murimi <command>
  serve     API, web app and job workers (default)
  worker    job workers only
  migrate   bring the database schema up to date and exit
  demo      create (or renew) the demo account, farms, fields, simulated imagery and analyses
  move-to-postgres --to postgres://…
            copy the embedded database in DATA_DIR into an empty PostgreSQL database, checking every table`;

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
    case 'demo': {
      // Quiet: an unreachable Open-Meteo is expected offline, and the summary says what was simulated. The demo starts
      // its fields' analyses itself, once their simulated imagery is written, and waits for those.
      const runtime = await startRuntime(
        { ...config, analysisAutostart: false },
        { work: true, pollingIntervalSeconds: 0.5, logger: false },
      );
      try {
        const demo = await setUpDemo(runtime, (line) => console.log(line));
        for (const field of demo.fields) {
          console.log(`\n${field.name}`);
          for (const [type, summary] of Object.entries(field.analyses)) console.log(`  ${type}: ${summary}`);
          if (field.alerts.length > 0) console.log(`  alerts: ${field.alerts.join(', ')}`);
        }
        console.log(`\nThe demo is ready. Start ${config.productName} with npm start, open ${config.publicUrl} and sign in as`);
        console.log(`  ${demo.email}  /  ${demo.password}`);
        console.log(`\n${demo.email} also owns "${demo.programme.name}" (${demo.programme.farms} farms; switch to it under`);
        console.log('Organisation & people). Its people sign in with the same password, one for each role:');
        for (const person of demo.programme.people) console.log(`  ${person.role.padEnd(10)} ${person.email}`);
        console.log('The agronomist follows Ward 7: their Visit queue (/visits) ranks its plots, most in need of a visit first.');
        console.log('Its imagery is simulated, and so is its weather when Open-Meteo cannot be reached; every such number says so.');
      } finally {
        await runtime.close();
      }
      return;
    }
    case 'move-to-postgres': {
      const at = process.argv.indexOf('--to');
      const to = at > 0 ? process.argv[at + 1] : undefined;
      if (!to || !/^postgres(ql)?:\/\//.test(to)) {
        console.error('Say where to: npm run move-to-postgres -- --to postgres://user:password@host:5432/database');
        process.exitCode = 2;
        return;
      }
      const started = Date.now();
      try {
        const tables = await moveToPostgres({ config, to, say: (line) => console.log(line) });
        const rows = tables.reduce((sum, table) => sum + table.rows, 0);
        console.log(
          `Moved ${rows} rows in ${tables.length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s; every table's rows and checksum agree.`,
        );
        console.log(`Start the server with DATABASE_URL=${to.replace(/:[^:@/]*@/, ':***@')} and JWT_SECRET set to the contents of`);
        console.log(`${config.dataDir}/jwt-secret (signed-in people stay signed in). Copy ${config.dataDir}/reports and /photos along.`);
      } catch (error) {
        if (!(error instanceof MoveError)) throw error;
        console.error(error.message);
        process.exitCode = 1;
      }
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
