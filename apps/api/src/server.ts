import type { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { createFirstAdmin, prepareDatabase } from './bootstrap';
import { primeDummyHash } from './core/auth/passwords';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connection';
import { FRESH_DATABASE_FILE, startFromFreshDatabase } from './fresh-database';
import { startSearchUpkeep, type SearchUpkeep } from './db/search-upkeep';
import { startAuditRetention } from './core/audit-retention';

/** Reads the configuration, migrates, creates the first administrator, listens. */
const main = async () => {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  let database;
  try {
    // the compiled server's build put it beside the server (dist/); started from the sources,
    // there is none and a fresh database is migrated step by step
    startFromFreshDatabase(
      config.databaseUrl,
      fileURLToPath(new URL(FRESH_DATABASE_FILE, import.meta.url)),
    );
    database = openDatabase(config.databaseUrl);
    await prepareDatabase(database);
  } catch (error) {
    console.error(`Database error (DATABASE_URL): ${(error as Error).message}`);
    process.exit(1);
  }

  // The first administrator's password hash takes a thread of its own while the app is built.
  const [admin, app] = await Promise.all([
    createFirstAdmin(database, config),
    buildApp({
      config,
      database,
      logger: {
        level: config.logLevel,
        redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      },
    }),
  ]);
  if (admin.created) {
    const line = '='.repeat(72);
    console.log(`\n${line}\n  First administrator created: ${config.adminEmail}`);
    if (admin.generatedPassword)
      console.log(
        `  Password (shown only this once, change it at first sign-in): ${admin.generatedPassword}`,
      );
    else console.log('  Password: the one given in ADMIN_PASSWORD');
    console.log(`${line}\n`);
  }

  let upkeep: SearchUpkeep | undefined;
  const retention = startAuditRetention(database.db, config.auditRetentionDays, (error) =>
    app.log.warn(`Audit log retention: ${error.message}`),
  );
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    retention.stop();
    await app.close();
    await upkeep?.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as { code?: string }).code;
    console.error(
      code === 'EADDRINUSE'
        ? `PORT ${config.port} is already in use on ${config.host}`
        : `Cannot listen on ${config.host}:${config.port} (HOST/PORT): ${(error as Error).message}`,
    );
    process.exit(1);
  }
  // webhooks are sent by the server itself, from the deliveries kept in the database
  app.webhookQueue.start();
  // scripts/load-server.mjs writes V8's code cache of this start then
  (process as EventEmitter).emit('backoffice:listening');
  void primeDummyHash();
  // SQLite's search indexes are merged in a worker thread of their own (db/search-upkeep.ts).
  const file = config.databaseUrl.startsWith('sqlite:') && config.databaseUrl.slice(7);
  if (file && file !== ':memory:')
    upkeep = startSearchUpkeep(file, {
      onError: (error) => app.log.warn(`Search index upkeep: ${error.message}`),
    });
  console.log(
    `Back office ready at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/`,
  );
};

void main();
