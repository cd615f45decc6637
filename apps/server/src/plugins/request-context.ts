import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { TAppEnv } from "../app-types";
import type { TLogger } from "../lib/logger";

const INCOMING_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Gives every request an id (kept from X-Request-ID when sane), a child logger, and one log line. */
export function requestContext(logger: TLogger): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    c.header("X-Request-ID", requestId);
    const started = performance.now();
    await next();
    const path = c.req.path;
    // Static assets would drown the log; API calls and page loads are what operators need.
    if (path.startsWith("/assets/")) return;
    log.info(
      {
        method: c.req.method,
        path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  };
}
