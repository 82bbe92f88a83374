import 'dotenv/config';
import { buildApp } from './app.js';
import { ConfigError, DEMO_PASSWORD, loadConfig, type Config } from './config.js';
import { openPglite, openPostgres, type Database } from './db/client.js';
import { startFleet } from '@voltline/simulator';
import { bootstrap, DEMO_ID_TAGS } from './seed/bootstrap.js';
import { DEMO_PREFIX, ensureDemoChargers, readDemoPasswords } from './seed/demo-chargers.js';
import { seedDemoHistory } from './seed/demo-history.js';
import { ensureDemoSmartCharging } from './seed/demo-smart-charging.js';
import { FilesFtpServer } from './modules/files/ftp-server.js';
import path from 'node:path';

export async function openDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    return openPostgres(config.DATABASE_URL, {
      size: config.DATABASE_POOL_SIZE,
      idleSeconds: config.DATABASE_POOL_IDLE_SECONDS,
    });
  }
  return openPglite({ dataDir: path.join(config.DATA_DIR, 'pglite') });
}

async function startDemoFleet(database: Database, config: Config, port: number) {
  const ids = await ensureDemoChargers(database.db, config, config.simulateChargers);
  if (ids.length === 0) return null;
  const passwords = readDemoPasswords(config);
  const scheme = config.tls ? 'wss' : 'ws';
  return startFleet({
    url: `${scheme}://127.0.0.1:${port}/ocpp`,
    count: ids.length,
    prefix: DEMO_PREFIX,
    passwords,
    idTags: DEMO_ID_TAGS,
    autoSessions: true,
    sessionProbability: 0.2,
    faultProbability: 0.02,
    connectConcurrency: 20,
    config: { MeterValueSampleInterval: '30' },
    // Every third demo charger speaks OCPP 2.0.1: one network, both protocols.
    ocppMix: 1 / 3,
  });
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  const seeded = await bootstrap(database.db, config);
  if (seeded.created && config.SEED_DEMO) {
    await ensureDemoChargers(database.db, config, 5);
    await seedDemoHistory(database.db, config.DEMO_HISTORY_DAYS);
    await ensureDemoSmartCharging(database.db);
  }

  let fleet: Awaited<ReturnType<typeof startDemoFleet>> = null;
  const ftp =
    config.ftp.port === null
      ? null
      : new FilesFtpServer({
          files: app.services.files,
          config: config.ftp,
          host: config.HOST,
          log: app.log,
        });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await fleet?.close();
    await ftp?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  await app.services.files.prepare();
  const ftpPort = await ftp?.listen().catch(async (err: unknown) => {
    console.error((err as Error).message);
    await app.close();
    await database.close();
    process.exit(1);
  });
  fleet = config.simulateChargers > 0 ? await startDemoFleet(database, config, port) : null;
  const lines = [
    `Voltline listening on http://localhost:${port} (database: ${database.kind === 'pglite' ? `embedded, ${config.DATA_DIR}` : 'PostgreSQL'})`,
  ];
  if (seeded.created) {
    lines.push('First start: accounts created');
    for (const a of seeded.accounts) {
      const password = a.role === 'Admin' && !config.adminPasswordIsDemo ? '(ADMIN_PASSWORD)' : DEMO_PASSWORD;
      lines.push(`  ${a.role.padEnd(20)} ${a.email.padEnd(28)} ${password}   ${a.operator}`);
    }
  } else if (config.adminPasswordIsDemo && config.SEED_DEMO) {
    lines.push(`Sign in: ${config.ADMIN_EMAIL} / ${DEMO_PASSWORD} (demo data)`);
  }
  lines.push(
    ftpPort === undefined
      ? 'FTP file service: off (FTP_PORT=off)'
      : `FTP file service on port ${ftpPort} (chargers are told ${config.ftp.publicHost})`,
  );
  if (fleet)
    lines.push(
      `Simulated chargers: ${fleet.size} connected to ws://localhost:${port}/ocpp (SIMULATE=false to stop them)`,
    );
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
