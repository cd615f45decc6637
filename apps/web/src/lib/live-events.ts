import {
  parseRealtimePayload,
  REALTIME_EVENTS_PATH,
  REALTIME_READY_EVENT,
  type TRealtimeChannel,
  type TRealtimePayload,
} from "@leadpost/shared";
import { useEffect, useRef } from "react";

export type TLiveHandlers = Partial<Record<TRealtimeChannel, (payload: TRealtimePayload) => void>>;

/**
 * The app's one way to hear the server's live events (channels and payloads: packages/shared
 * domain/realtime). `onReconnect` runs when the stream comes back after a drop, since anything
 * published meanwhile was missed. Returns the closer.
 */
export function openLiveEvents(handlers: TLiveHandlers, onReconnect?: () => void): () => void {
  if (typeof EventSource === "undefined") return () => {};
  const source = new EventSource(REALTIME_EVENTS_PATH, { withCredentials: true });
  let dropped = false;
  source.addEventListener(REALTIME_READY_EVENT, () => {
    if (dropped) onReconnect?.();
    dropped = false;
  });
  source.addEventListener("error", () => {
    dropped = true;
  });
  for (const [channel, handle] of Object.entries(handlers)) {
    source.addEventListener(channel, (e) => {
      const payload = parseRealtimePayload((e as MessageEvent<string>).data);
      if (payload) handle(payload);
    });
  }
  return () => source.close();
}

/**
 * Listens while the component is mounted. The handlers may change between renders without reopening
 * the stream; `key` reopens it (for example another buyer).
 */
export function useLiveEvents(
  channels: readonly TRealtimeChannel[],
  handle: (channel: TRealtimeChannel, payload: TRealtimePayload) => void,
  options: { key?: string | null; enabled?: boolean; onReconnect?: () => void } = {},
) {
  const latest = useRef({ handle, onReconnect: options.onReconnect });
  latest.current = { handle, onReconnect: options.onReconnect };
  const enabled = options.enabled ?? true;
  const names = channels.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `names` stands for the channel list.
  useEffect(() => {
    if (!enabled) return;
    const handlers: TLiveHandlers = {};
    for (const channel of names.split(",") as TRealtimeChannel[]) {
      handlers[channel] = (payload) => latest.current.handle(channel, payload);
    }
    return openLiveEvents(handlers, () => latest.current.onReconnect?.());
  }, [names, enabled, options.key]);
}
