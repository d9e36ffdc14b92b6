import { loadConfigOrExit } from './config.js';
import { openDatabase } from './db/client.js';
import { type Drift, findDrift, repairDrift } from './modules/inventory/reconcile.js';

/**
 * `npm run stock:check [-- --repair] [-- --event ID]`: compares every stock counter (tickets, tiers,
 * capacity assignments, promo codes) with the rows it summarises and reports the ones that differ or are
 * past their limit; `--repair` sets drifted counters from their rows, under the same locks a checkout
 * takes. Exit code 1 while anything is wrong. On the embedded database, stop `npm start` first.
 */
async function main() {
  const args = process.argv.slice(2);
  const repair = args.includes('--repair');
  const eventArg = args.indexOf('--event');
  const eventId = eventArg >= 0 ? Number(args[eventArg + 1]) : null;
  if (eventId !== null && !Number.isSafeInteger(eventId)) {
    console.error('--event needs an event id');
    process.exit(2);
  }
  const config = loadConfigOrExit();
  const database = openDatabase(config.databaseUrl, {
    lockTimeoutMs: config.lockTimeoutMs,
    directUrl: config.databaseDirectUrl,
  });
  await database.migrate();
  const show = (d: Drift) =>
    d.kind === 'stray_hold'
      ? `  ${d.rows} held units belong to orders whose hold was already given back`
      : `  ${d.kind} ${d.of === undefined ? d.id : `${d.of} on date ${d.date}`} (event ${d.event_id}): counter ${d.counter}, rows ${d.rows}${d.limit !== null && d.rows > d.limit ? `, OVER ITS LIMIT ${d.limit}` : ''}`;
  try {
    const found = repair ? await repairDrift(database.db, eventId) : await findDrift(database.db, eventId);
    if (!found.length) {
      console.log('Stock is consistent: every counter matches its rows and none is past its limit.');
      return;
    }
    console.log(`${found.length} problem(s)${repair ? ' found and counters repaired' : ''}:`);
    found.forEach((d) => console.log(show(d)));
    const left = repair ? await findDrift(database.db, eventId) : found;
    if (repair && left.length) {
      console.log('Still wrong after the repair (an oversell, or held units of a released hold, needs a person):');
      left.forEach((d) => console.log(show(d)));
    }
    if (!repair) console.log('Run again with --repair to set the counters from their rows.');
    process.exitCode = left.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
