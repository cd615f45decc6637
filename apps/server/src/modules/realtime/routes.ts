import { z } from "@hono/zod-openapi";
import { REALTIME_EVENTS_PATH, REALTIME_READY_EVENT, type TRealtimeEvent } from "@leadpost/shared";
import { streamSSE } from "hono/streaming";
import type { TApp, TDeps } from "../../app-types";
import type { TDatabase } from "../../db/client";
import { outsideTenantScope } from "../../db/tenant-scope";
import { AppError } from "../../lib/app-error";
import { defineRoute } from "../../plugins/define-route";
import { currentUser } from "../../plugins/session";
import { leadPreviewBuyers } from "../lead-distribution";
import { audienceOf } from "./audience";
import { createRealtimeHub, RESUBSCRIBE_DELAY_MS, type TRealtimeHub } from "./hub";

const HEARTBEAT_MS = 25_000;
/** Several tabs of one session are fine; more than this many open streams is a leak or abuse. */
export const MAX_STREAMS_PER_SESSION = 10;

const hubs = new WeakMap<TDatabase, TRealtimeHub>();

/** The process's hub for this database (one LISTEN connection however many streams are open). */
export function realtimeHubFor(deps: Pick<TDeps, "database" | "logger">): TRealtimeHub {
  let hub = hubs.get(deps.database);
  if (!hub) {
    hub = createRealtimeHub(deps.database, deps.logger);
    hubs.set(deps.database, hub);
  }
  return hub;
}

/**
 * A routed lead's derived previews (lead-distribution/previews) as the `buyer_lead_created` events of this
 * stream's own buyers that see it: one query for the stream's buyers of that company, none without.
 */
async function previewEventsFor(
  deps: Pick<TDeps, "database">,
  buyerIds: string[],
  event: TRealtimeEvent,
): Promise<TRealtimeEvent[]> {
  const { companyId, leadId } = event.payload;
  if (buyerIds.length === 0 || !leadId) return [];
  const seen = await leadPreviewBuyers(deps.database.db, { id: leadId, companyId }, { among: buyerIds });
  return seen.map((p) => ({
    channel: "buyer_lead_created",
    payload: { companyId, buyerId: p.buyerId, leadId, isPreview: true },
  }));
}

// One Server-Sent Events stream per tab: new buyer leads, credit and buyer/company changes, live. Left
// out of the API document: the browser's EventSource reads it, not the typed client.
const eventsRoute = defineRoute({
  auth: "user",
  hide: true,
  method: "get",
  path: REALTIME_EVENTS_PATH,
  responses: {
    200: { description: "Event stream", content: { "text/event-stream": { schema: z.string() } } },
  },
});

export function registerRealtimeRoutes(app: TApp, deps: TDeps) {
  const openStreams = new Map<string, number>();

  app.openapi(eventsRoute, async (c) => {
    const user = currentUser(c);
    const sessionId = c.get("sessionId") ?? user.id;
    const open = openStreams.get(sessionId) ?? 0;
    if (open >= MAX_STREAMS_PER_SESSION) {
      throw new AppError("RATE_LIMITED", "Too many open event streams for this session.");
    }
    const audience = await audienceOf(deps, user.id);
    const hub = realtimeHubFor(deps);
    openStreams.set(sessionId, open + 1);
    c.header("X-Accel-Buffering", "no");

    return streamSSE(c, async (stream) => {
      const queue: TRealtimeEvent[] = [];
      let wake: (() => void) | null = null;
      const push = (event: TRealtimeEvent) => {
        queue.push(event);
        wake?.();
      };
      const unsubscribe = await hub.subscribe((event) => {
        if (event.channel === "lead_previews") {
          // Never inside the transaction of whichever request the database delivered the NOTIFY to.
          outsideTenantScope(() =>
            previewEventsFor(deps, audience.buyersIn(event.payload.companyId), event),
          ).then(
            (events) => events.forEach(push),
            (err) => deps.logger.warn({ err }, "live preview event not resolved"),
          );
          return;
        }
        if (audience.allows(event)) push(event);
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      try {
        await stream.writeSSE({ event: REALTIME_READY_EVENT, data: "{}", retry: RESUBSCRIBE_DELAY_MS });
        while (!stream.aborted && !stream.closed) {
          const event = queue.shift();
          if (event) {
            await stream.writeSSE({ event: event.channel, data: JSON.stringify(event.payload) });
            continue;
          }
          // Sleep until an event arrives or the heartbeat is due (keeps proxies from closing the stream).
          const woke = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), HEARTBEAT_MS);
            wake = () => {
              clearTimeout(timer);
              resolve(true);
            };
          });
          wake = null;
          if (!woke && !stream.aborted) await stream.write(": heartbeat\n\n");
        }
      } finally {
        unsubscribe();
        const left = (openStreams.get(sessionId) ?? 1) - 1;
        if (left <= 0) openStreams.delete(sessionId);
        else openStreams.set(sessionId, left);
      }
    });
  });
}
