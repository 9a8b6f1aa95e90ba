import { createClient } from 'redis';

/** The client with the portal's settings: fail fast while disconnected, retry with back-off. */
function createPortalClient(url: string, reconnectStrategy: (retries: number, cause: Error) => number | Error) {
  return createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: 5_000 },
    socket: { connectTimeout: 5_000, reconnectStrategy },
  });
}

export type RedisClient = ReturnType<typeof createPortalClient>;

export interface RedisConnection {
  client: RedisClient;
  close(): Promise<void>;
}

export interface ConnectRedisOptions {
  /** Where errors after the first connection go (the client keeps reconnecting meanwhile). */
  onError?: (error: Error) => void;
  /** Quick retries before the first connection counts as failed. */
  startRetries?: number;
}

/** The URL without its password, for messages. */
function describeUrl(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the configured REDIS_URL';
  }
}

/** Node gives a refused dual-stack connection as an AggregateError with no message of its own. */
function describeError(error: Error): string {
  if (error.message) return error.message;
  if (error instanceof AggregateError) return error.errors.map((e: Error) => describeError(e)).join('; ');
  return (error as NodeJS.ErrnoException).code ?? error.name;
}

/**
 * Opens a Redis connection and waits until it answers. An unreachable server rejects with one
 * clear error instead of retrying forever at start; once connected, a lost connection is retried
 * with back-off, and commands fail fast meanwhile (no offline queue) rather than hang a request.
 */
export async function connectRedis(url: string, options: ConnectRedisOptions = {}): Promise<RedisConnection> {
  const where = describeUrl(url);
  const { onError = (error) => console.error(`Redis (${where}): ${describeError(error)}`), startRetries = 2 } = options;
  let connected = false;
  let startError: Error | undefined;
  const client = createPortalClient(url, (retries, cause) => {
    if (!connected && retries >= startRetries) return cause;
    return Math.min(100 * 2 ** retries, 5_000);
  });
  // node-redis throws an 'error' event nobody listens to, which would end the process.
  client.on('error', (error: Error) => {
    if (connected) onError(error);
    else startError = error;
  });
  try {
    await client.connect();
  } catch (error) {
    client.destroy();
    // The last socket error says why (refused, timed out, bad password); `error` only says we gave up.
    const reason = describeError(startError ?? (error as Error));
    throw new Error(`Could not connect to Redis at ${where}: ${reason}`, { cause: error });
  }
  connected = true;
  return {
    client,
    async close() {
      if (client.isOpen) await client.close();
    },
  };
}
