// The build runs this once (scripts/build-server.mjs): `node write-fresh-database.cjs FILE`.
import { writeFreshDatabase } from './fresh-database';

writeFreshDatabase(process.argv[2]!).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
