import pg from "pg";
import type { TDatabase } from "../../db/client";
import type { TLogger } from "../../lib/logger";
import {
  REALTIME_CHANNELS,
  type TRealtimeChannel,
  type TRealtimeEvent,
  ZRealtimePayloadSchema,
} from "./channels";

/** Spec 003 §9: resubscribe 2 seconds after the listening connection drops. */
export const RESUBSCRIBE_DELAY_MS = 2000;

type TListener = (event: TRealtimeEvent) => void;
export type TRealtimeHub = {
  /** Resolves once LISTEN is active, so nothing published after it is missed. */
  subscribe(listener: TListener): Promise<() => void>;
  close(): Promise<void>;
};

/**
 * One LISTEN connection per server process, shared by every open event stream of that process. It starts
 * with the first subscriber; on PostgreSQL it is a dedicated connection (pooled ones cannot LISTEN).
 */
export function createRealtimeHub(database: Pick<TDatabase, "listenSource">, logger: TLogger): TRealtimeHub {
  const listeners = new Set<TListener>();
  let started: Promise<void> | null = null;
  let stopListening: (() => Promise<void>) | null = null;
  let closed = false;

  const dispatch = (channel: string, raw: string | undefined) => {
    if (!(REALTIME_CHANNELS as readonly string[]).includes(channel)) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw ?? "");
    } catch {
      return;
    }
    const payload = ZRealtimePayloadSchema.safeParse(parsed);
    if (!payload.success) return;
    const event = { channel: channel as TRealtimeChannel, payload: payload.data };
    for (const listener of listeners) listener(event);
  };

  async function listenPostgres(url: string): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    let reconnecting = false;
    const reconnect = () => {
      if (closed || reconnecting) return;
      reconnecting = true;
      client.removeAllListeners();
      client.end().catch(() => {});
      logger.warn({ delayMs: RESUBSCRIBE_DELAY_MS }, "realtime listener lost; resubscribing");
      setTimeout(() => {
        if (closed) return;
        listenPostgres(url).catch((err) => {
          logger.error({ err }, "realtime resubscribe failed");
          reconnecting = false;
          reconnect();
        });
      }, RESUBSCRIBE_DELAY_MS);
    };
    client.on("notification", (msg) => dispatch(msg.channel, msg.payload));
    client.on("error", reconnect);
    client.on("end", reconnect);
    await client.connect();
    for (const channel of REALTIME_CHANNELS) await client.query(`LISTEN ${channel}`);
    stopListening = async () => {
      client.removeAllListeners();
      await client.end().catch(() => {});
    };
  }

  async function start(): Promise<void> {
    const source = database.listenSource;
    if (source.kind === "postgres") return listenPostgres(source.url);
    const unlistens = await Promise.all(
      REALTIME_CHANNELS.map((channel) => source.listen(channel, (payload) => dispatch(channel, payload))),
    );
    stopListening = async () => {
      await Promise.all(unlistens.map((u) => u().catch(() => {})));
    };
  }

  return {
    async subscribe(listener) {
      if (closed) throw new Error("realtime hub is closed");
      started ??= start().catch((err) => {
        started = null;
        throw err;
      });
      await started;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      await stopListening?.();
    },
  };
}
