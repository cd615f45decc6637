import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";

/**
 * gzip (or deflate) for what is worth it: answers to reads (GET) by clients that take an encoding. The
 * answer to a write (a form submission, a Twilio webhook, a purchase, a visit beacon) is a few hundred
 * bytes, and looking at it costs more than it saves: hono's compress makes the full web Response of every
 * JSON answer (a body stream read back chunk by chunk), where the Node adapter otherwise writes it
 * straight from its string. Clients that send no Accept-Encoding (webhooks, load tools) skip it too.
 */
export function compressReads(): MiddlewareHandler {
  const gzip = compress();
  return (c, next) =>
    (c.req.method === "GET" || c.req.method === "HEAD") && c.req.header("accept-encoding")
      ? gzip(c, next)
      : next();
}
