import { timestamp, uuid } from "drizzle-orm/pg-core";

/** Shared column builders: every table has a UUID key and audit timestamps in UTC. */
export const id = () => uuid().primaryKey().defaultRandom();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const tz = () => timestamp({ withTimezone: true });
