import pg from "pg";
import type { TLogger } from "../lib/logger";
import type { TDatabase, TListenSource } from "./client";

/** Spec 003 §9: resubscribe 2 seconds after the listening connection drops. */
export const RESUBSCRIBE_DELAY_MS = 2000;

type THandler = (payload: string) => void;

/**
 * The process's one LISTEN connection to its database, shared by everything that hears NOTIFY: the
 * live events (modules/realtime) and the routing worker's wake-ups (modules/lead-distribution). On PostgreSQL
 * it is a dedicated connection (pooled ones cannot LISTEN) that reconnects after a loss and LISTENs
 * again to every channel in use; `onReconnect` callbacks run then, since anything published while it
 * was down was missed. On PGlite it is the embedded client itself, in-process.
 */
export type TDbListener = {
  /** Resolves once LISTEN is active, so nothing published afterwards is missed. */
  listen(channel: string, onPayload: THandler): Promise<() => void>;
  /** Called after each reconnection (PostgreSQL only). Returns the removal. */
  onReconnect(callback: () => void): () => void;
  close(): Promise<void>;
};

export function createDbListener(
  source: TListenSource,
  logger: TLogger,
  /** Tests shorten the wait before each new attempt. */
  opts: { retryDelayMs?: number } = {},
): TDbListener {
  const retryDelayMs = opts.retryDelayMs ?? RESUBSCRIBE_DELAY_MS;
  const handlers = new Map<string, Set<THandler>>();
  const reconnected = new Set<() => void>();
  let closed = false;

  const dispatch = (channel: string, payload: string | undefined) => {
    for (const handler of handlers.get(channel) ?? []) handler(payload ?? "");
  };

  // PGlite: one in-process listen per channel.
  const embeddedUnlistens = new Map<string, Promise<() => Promise<void>>>();
  // PostgreSQL: one client, connected on first use and again after a loss.
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;

  async function connectPostgres(url: string): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: url, application_name: "leadpost-listen" });
    let lost = false;
    const reconnect = () => {
      if (closed || lost) return;
      lost = true;
      next.removeAllListeners();
      next.end().catch(() => {});
      client = null;
      connecting = null;
      logger.warn({ delayMs: retryDelayMs }, "database listener lost; listening again");
      setTimeout(() => void retry(url), retryDelayMs).unref();
    };
    next.on("notification", (msg) => dispatch(msg.channel, msg.payload));
    next.on("error", reconnect);
    next.on("end", reconnect);
    try {
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${quoteChannel(channel)}`);
    } catch (err) {
      // The caller decides what follows a failed attempt (retry schedules one more). This client's own
      // "end", which follows a refused connection, must not schedule another: two retries per failure
      // doubled the attempts at each retry while the database was away.
      lost = true;
      next.end().catch(() => {});
      throw err;
    }
    client = next;
    return next;
  }

  async function retry(url: string) {
    if (closed) return;
    try {
      connecting = connectPostgres(url);
      await connecting;
      for (const callback of reconnected) callback();
    } catch (err) {
      logger.error({ err }, "database listener could not reconnect");
      connecting = null;
      setTimeout(() => void retry(url), retryDelayMs).unref();
    }
  }

  async function startChannel(channel: string): Promise<void> {
    if (source.kind === "pglite") {
      let unlisten = embeddedUnlistens.get(channel);
      if (!unlisten) {
        unlisten = source.listen(channel, (payload) => dispatch(channel, payload));
        embeddedUnlistens.set(channel, unlisten);
        unlisten.catch(() => embeddedUnlistens.delete(channel));
      }
      await unlisten;
      return;
    }
    if (!client && !connecting) {
      connecting = connectPostgres(source.url);
      connecting.catch(() => {
        connecting = null;
      });
    }
    const existing = client ?? (await connecting!);
    // A client connected before this channel had handlers has not listened to it yet.
    await existing.query(`LISTEN ${quoteChannel(channel)}`);
  }

  return {
    async listen(channel, onPayload) {
      if (closed) throw new Error("database listener is closed");
      let set = handlers.get(channel);
      const first = !set;
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(onPayload);
      if (first || source.kind === "postgres") {
        try {
          await startChannel(channel);
        } catch (err) {
          set.delete(onPayload);
          if (set.size === 0) handlers.delete(channel);
          throw err;
        }
      } else {
        await embeddedUnlistens.get(channel);
      }
      return () => {
        set.delete(onPayload);
      };
    },
    onReconnect(callback) {
      reconnected.add(callback);
      return () => reconnected.delete(callback);
    },
    async close() {
      closed = true;
      handlers.clear();
      reconnected.clear();
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners();
        await current.end().catch(() => {});
      }
      const unlistens = [...embeddedUnlistens.values()];
      embeddedUnlistens.clear();
      await Promise.all(unlistens.map((u) => u.then((f) => f()).catch(() => {})));
    },
  };
}

/** Channels are our own constants; quoted anyway, as LISTEN takes an identifier. */
const quoteChannel = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

// One listener per database server (the requests' and the background pool share it) per process.
const listeners = new Map<unknown, TDbListener>();
const keyOf = (database: Pick<TDatabase, "listenSource" | "url" | "embedded">) =>
  database.url ?? database.embedded ?? database.listenSource;

/** The process's listener for this database (one LISTEN connection, whatever uses it). */
export function listenerFor(database: Pick<TDatabase, "listenSource" | "url" | "embedded">, logger: TLogger) {
  const key = keyOf(database);
  let listener = listeners.get(key);
  if (!listener) {
    listener = createDbListener(database.listenSource, logger);
    listeners.set(key, listener);
  }
  return listener;
}

/** Closes this database's listener (server shutdown, tests); the next listenerFor opens a new one. */
export async function closeListener(database: Pick<TDatabase, "listenSource" | "url" | "embedded">) {
  const key = keyOf(database);
  const listener = listeners.get(key);
  listeners.delete(key);
  await listener?.close();
}
