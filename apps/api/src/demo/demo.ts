// `npm run demo`: a realistic Vietnamese shop in an empty database, then how to sign in.
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { FULL_SHOP } from './demo-shop';
import { DemoRefused, runDemo } from './run-demo';

const main = async () => {
  const started = Date.now();
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  const say = (line: string) =>
    console.log(`[demo] ${((Date.now() - started) / 1000).toFixed(1)} s: ${line}`);
  try {
    const admin = await runDemo(config, database, FULL_SHOP, say);
    const line = '='.repeat(72);
    console.log(`\n${line}\n  The demo shop is ready. Start it with: npm start`);
    console.log(`  Then open http://${config.host}:${config.port}/ and sign in as ${admin.email}`);
    if (admin.generatedPassword)
      console.log(
        `  Password (shown only this once, change it at first sign-in): ${admin.generatedPassword}`,
      );
    else if (admin.created) console.log('  Password: the one given in ADMIN_PASSWORD');
    else console.log('  with the password you already set for that account');
    console.log(line);
  } finally {
    await database.close();
  }
};

main().catch((error: unknown) => {
  if (error instanceof DemoRefused || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
