import { loadConfigOrExit } from '../config.js';
import { openDatabase } from '../db/client.js';
import { systemClock } from '../shared/clock.js';
import { seed } from './seed.js';

/** `npm run db:seed`: creates the demo account (stop `npm start` first when using the embedded database). */
async function main() {
  const config = loadConfigOrExit();
  const database = openDatabase(config.databaseUrl);
  await database.migrate();
  const result = await seed(database.db, systemClock);
  await database.close();
  console.log(result.created ? 'Demo data created.' : 'Demo data was already there; nothing changed.');
  console.log(`Log in at ${config.appUrl}/auth/login with ${result.email} / ${result.password}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
