import type { z } from "@hono/zod-openapi";
import { AUTH_EVENTS_LIMIT, type ZAuthEventsQuerySchema } from "@leadpost/shared";
import { and, desc, eq, ilike } from "drizzle-orm";
import type { Db } from "../../db/client";
import { authEvents } from "../../db/schema";
import { escapeLike } from "../../lib/like";

type TAuthEventsQuery = z.infer<typeof ZAuthEventsQuerySchema>;

/** The company's auth events matching the filters, newest first (at most AUTH_EVENTS_LIMIT). */
export function listAuthEvents(db: Db, companyId: string, q: TAuthEventsQuery) {
  return db
    .select()
    .from(authEvents)
    .where(
      and(
        eq(authEvents.companyId, companyId),
        q.email ? ilike(authEvents.email, `%${escapeLike(q.email)}%`) : undefined,
        q.eventType ? eq(authEvents.eventType, q.eventType) : undefined,
        q.status ? eq(authEvents.status, q.status) : undefined,
      ),
    )
    .orderBy(desc(authEvents.createdAt))
    .limit(AUTH_EVENTS_LIMIT);
}
