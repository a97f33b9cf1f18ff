import pg from 'pg';
import type { ListenHandlers } from './database';

export type ListenTiming = {
  /** How long after a failure the connection is made again. */
  retryMs: number;
  /** How often the idle connection is asked whether it still reaches the server. */
  heartbeatMs: number;
  /** How long the server has to answer (or to accept a connection) before it counts as lost. */
  heartbeatTimeoutMs: number;
};

const DEFAULT_TIMING: ListenTiming = {
  retryMs: 1000,
  heartbeatMs: 15_000,
  heartbeatTimeoutMs: 5000,
};

/**
 * A dedicated connection for LISTEN that reconnects after a failure, reporting its state. A
 * LISTEN connection only ever receives: one a firewall or a NAT forgets goes silent without an
 * error, and the instance would go on serving revoked sessions and stale matches from its caches
 * without knowing it hears nothing. The heartbeat finds that within seconds.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  { onMessage, onState }: ListenHandlers,
  timing: ListenTiming = DEFAULT_TIMING,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    // Every statement on it (the LISTEN, each heartbeat) fails when unanswered in time, and a
    // failed one ends the connection (end() drops a socket with a statement still waiting).
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: timing.heartbeatTimeoutMs,
      query_timeout: timing.heartbeatTimeoutMs,
    });
    const fail = () => {
      if (client !== next) return;
      client = undefined;
      clearInterval(heartbeat);
      onState?.(false);
      // A heartbeat still waiting makes end() drop the socket rather than wait for the server.
      void next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), timing.retryMs);
    };
    next.on('error', fail);
    next.on('end', fail);
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (client !== next || stopped) return;
      heartbeat = setInterval(() => void next.query('select 1').catch(fail), timing.heartbeatMs);
      heartbeat.unref();
      onState?.(true);
    } catch (error) {
      fail();
      throw error;
    }
  };

  // A first connection that fails is the caller's error: no retries go on behind it.
  await connect().catch((error: unknown) => {
    stopped = true;
    clearTimeout(retry);
    throw error;
  });
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };
}
