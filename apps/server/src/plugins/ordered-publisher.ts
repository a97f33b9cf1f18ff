import pg from 'pg';

/** The statement @socket.io/postgres-adapter publishes every broadcast with. */
const ADAPTER_NOTIFY = 'SELECT pg_notify($1, $2)';
/** Several notifications in one statement: the function scan yields them in array order. */
const NOTIFY_MANY = `select pg_notify(t.channel, t.payload)
  from unnest($1::text[], $2::text[]) with ordinality as t(channel, payload, n) order by t.n`;

/**
 * Long enough for any NOTIFY on a working database; after it a statement that got no answer (a
 * connection cut without a reset) fails, instead of holding back every later broadcast.
 */
const ADAPTER_QUERY_TIMEOUT_MS = 10_000;

type Waiting = { channel: string; payload: string; done: (error?: unknown) => void };
type Query = (text: string, values?: unknown[]) => Promise<unknown>;

/**
 * The adapter publishes every broadcast with a query of its own and delivers it to this
 * instance's sockets only once that query returns. On a pool those queries finish in any order,
 * and a rider's quick messages reached the co-rider shuffled, so the adapter's queries run one at
 * a time, in the order they were asked for (NOTIFY follows commit order on every instance).
 *
 * One at a time, a busy moment would wait a round trip per broadcast (issue 7): the broadcasts
 * that come while one statement runs are sent together by the next, in order. Within one
 * statement PostgreSQL folds identical notifications (same channel and payload) into one; the
 * adapter's broadcasts that could be identical are repeated "something changed" notices, for
 * which one is as good as two.
 */
export type OrderedPool = pg.Pool & {
  /** Resolves once every statement asked for so far has been sent: before the pool ends. */
  settled(): Promise<void>;
};

export function publishInOrder(pool: pg.Pool): OrderedPool {
  const query = pool.query.bind(pool) as Query;
  let previous: Promise<unknown> = Promise.resolve();
  let waiting: Waiting[] = [];

  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = previous.then(run);
    previous = result.catch(() => undefined);
    return result;
  };

  const notifyWaiting = async () => {
    const batch = waiting;
    waiting = [];
    try {
      await query(NOTIFY_MANY, [batch.map((w) => w.channel), batch.map((w) => w.payload)]);
      for (const item of batch) item.done();
    } catch (error) {
      for (const item of batch) item.done(error);
    }
  };

  pool.query = ((text: unknown, values?: unknown[]) => {
    if (text !== ADAPTER_NOTIFY || !values) return inTurn(() => query(text as string, values));
    return new Promise<void>((resolve, reject) => {
      waiting.push({
        channel: String(values[0]),
        payload: String(values[1]),
        done: (error) => (error ? reject(error) : resolve()),
      });
      // The first one waiting books the next turn; the others ride along with it.
      if (waiting.length === 1) void inTurn(notifyWaiting);
    });
  }) as typeof pool.query;
  return Object.assign(pool, { settled: () => previous.then(() => undefined) });
}

/** The adapter's own small pool, publishing in order; `queryTimeoutMs` is for tests. */
export function createAdapterPool(
  connectionString: string,
  queryTimeoutMs = ADAPTER_QUERY_TIMEOUT_MS,
): OrderedPool {
  return publishInOrder(new pg.Pool({ connectionString, max: 3, query_timeout: queryTimeoutMs }));
}
