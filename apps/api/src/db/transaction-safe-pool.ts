import pg from 'pg';

type Release = (err?: Error | boolean) => void;

/** The statement a query call sends (a string, or a config object with `text`). */
function statementOf(args: unknown[]): string {
  const first = args[0];
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && typeof (first as { text?: unknown }).text === 'string')
    return (first as { text: string }).text;
  return '';
}

/**
 * A pg.Pool that keeps drizzle's transactions from losing or poisoning its connections. drizzle-orm's
 * node-postgres `transaction()` sends BEGIN before its try/finally, so a BEGIN that fails (the
 * connection died while idle: a database restart, a proxy that cut the line) never gives the connection
 * back: the pool loses one for good, and closing the pool waits for it for ever. And when ROLLBACK fails
 * the dead connection goes back to the pool as healthy. (drizzle-orm issues 6023, 6114, 6241; open.)
 *
 * A connection checked out here watches its own BEGIN and ROLLBACK: a failed BEGIN gives the connection
 * back at once as broken (the pool closes it), a failed ROLLBACK makes the release that follows a
 * broken one. Everything else is pg.Pool's.
 */
export class TransactionSafePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void,
  ): Promise<pg.PoolClient> | void {
    // pg.Pool's own query() checks out with a callback and gives back itself: nothing to watch there.
    if (callback) return super.connect(callback);
    return super.connect().then(watchTransactionEdges);
  }
}

function watchTransactionEdges(client: pg.PoolClient): pg.PoolClient {
  const query = client.query;
  const release = client.release;
  let broken: Error | null = null;
  let given = false;
  const giveBack: Release = (err) => {
    if (given) return;
    given = true;
    // The next borrower gets the plain client back.
    client.query = query;
    client.release = release;
    release.call(client, err ?? broken ?? undefined);
  };
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const result = (query as (...a: unknown[]) => unknown).apply(client, args);
    const statement = statementOf(args).trimStart().slice(0, 8).toLowerCase();
    const edge = statement.startsWith('begin') ? 'begin' : statement.startsWith('rollback') ? 'rollback' : null;
    if (edge && result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(undefined, (err: Error) => {
        broken = err;
        // drizzle will not release after a failed BEGIN: give the connection back now, as broken.
        if (edge === 'begin') giveBack(err);
      });
    }
    return result;
  } as typeof client.query;
  client.release = giveBack;
  return client;
}
