import {
  parseRealtimePayload,
  REALTIME_CHANNELS,
  type TRealtimeChannel,
  type TRealtimeEvent,
} from "@leadpost/shared";
import type { TDatabase } from "../../db/client";
import { closeListener, listenerFor, RESUBSCRIBE_DELAY_MS } from "../../db/listener";
import type { TLogger } from "../../lib/logger";

export { RESUBSCRIBE_DELAY_MS };

type TListener = (event: TRealtimeEvent) => void;
export type TRealtimeHub = {
  /** Resolves once LISTEN is active, so nothing published after it is missed. */
  subscribe(listener: TListener): Promise<() => void>;
  /** Stops listening: closes the process's database listener (shutdown, tests). */
  close(): Promise<void>;
};

type THubDatabase = Pick<TDatabase, "listenSource" | "url" | "embedded">;

/**
 * The live events of one server process, shared by every open event stream of that process. It listens
 * to the realtime channels on the process's one LISTEN connection (db/listener.ts, which the routing
 * worker's wake-ups share), starting with the first subscriber.
 */
export function createRealtimeHub(database: THubDatabase, logger: TLogger): TRealtimeHub {
  const listeners = new Set<TListener>();
  let started: Promise<void> | null = null;
  let closed = false;

  const dispatch = (channel: TRealtimeChannel, raw: string) => {
    const payload = parseRealtimePayload(raw);
    if (!payload) return;
    const event = { channel, payload };
    for (const listener of listeners) listener(event);
  };

  async function start(): Promise<void> {
    const listener = listenerFor(database, logger);
    await Promise.all(
      REALTIME_CHANNELS.map((channel) => listener.listen(channel, (payload) => dispatch(channel, payload))),
    );
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
      await closeListener(database);
    },
  };
}
