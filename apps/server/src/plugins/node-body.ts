import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { Context, MiddlewareHandler, Next } from "hono";
import type { TAppEnv } from "../app-types";

/** Thrown when a body without Content-Length grows past the limit while it is read. */
class BodyTooLarge extends Error {}

function readText(incoming: Readable, maxSize: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxSize) {
        // The rest is left to the Node adapter, which drains a bounded amount after the answer.
        incoming.off("data", onData);
        incoming.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    incoming.on("data", onData);
    incoming.once("end", () => {
      // As the Fetch API's text(): UTF-8, a leading byte-order mark dropped, broken bytes as U+FFFD.
      resolve(new TextDecoder().decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)));
    });
    incoming.once("error", reject);
    incoming.once("aborted", () => reject(new Error("request aborted")));
  });
}

/**
 * The body limit of a hot JSON route, reading the body straight from Node's request stream. Hono's Node
 * adapter otherwise builds a web `Request` (with its `AbortController` and a `ReadableStream` over the
 * socket) the first time the body is touched: per request that costs more than the route's own work.
 * The text lands in Hono's body cache, so `c.req.text()`, `c.req.json()` and the validators read it as
 * before; the limit and its answer (`onTooLarge`) are the same as `hono/body-limit`'s. Where no Node
 * request is at hand (`app.request` in tests, other runtimes) it hands over to `fallback`.
 */
export function nodeBodyLimit(opts: {
  maxSize: number;
  onTooLarge: (c: Context<TAppEnv>) => Response | Promise<Response>;
  fallback: MiddlewareHandler<TAppEnv>;
}): MiddlewareHandler<TAppEnv> {
  return async (c: Context<TAppEnv>, next: Next) => {
    const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
    const method = c.req.method;
    if (
      !(incoming instanceof Readable) ||
      method === "GET" ||
      method === "HEAD" ||
      incoming.readableDidRead
    ) {
      return opts.fallback(c, next);
    }
    const { headers } = incoming as IncomingMessage;
    const length = headers["content-length"];
    if (length !== undefined && headers["transfer-encoding"] === undefined) {
      if (Number.parseInt(length || "0", 10) > opts.maxSize) return opts.onTooLarge(c);
    }
    let text: string;
    try {
      text = await readText(incoming, opts.maxSize);
    } catch (err) {
      if (err instanceof BodyTooLarge) return opts.onTooLarge(c);
      throw err;
    }
    // Hono keeps the pending read there (its type says the value; at run time it is the promise).
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    return next();
  };
}
