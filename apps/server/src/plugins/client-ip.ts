import type { Context } from "hono";
import type { TAppEnv } from "../app-types";
import { resolveClientAddress, socketAddress, type TTrustProxy } from "./client-address";

/**
 * The client's address: the socket's, or, behind trusted proxies, the first X-Forwarded-For entry from
 * the right that is not one of them (client-address.ts).
 */
export function clientIp(c: Context<TAppEnv>, trustProxy: TTrustProxy): string | null {
  return resolveClientAddress(trustProxy, socketAddress(c), c.req.header("x-forwarded-for"));
}
