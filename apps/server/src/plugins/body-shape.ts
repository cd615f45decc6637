import type { Context, MiddlewareHandler } from "hono";
import type { TAppEnv } from "../app-types";
import { AppError } from "../lib/app-error";

/** How much structure a JSON body may carry (its bytes are limited before it is read, app.ts). */
export type TBodyShapeLimits = {
  /** Lists and objects inside each other. */
  maxDepth: number;
  /** Strings, keys included. */
  maxStrings: number;
};

export const DEFAULT_BODY_SHAPE: TBodyShapeLimits = { maxDepth: 32, maxStrings: 20_000 };

export const BODY_TOO_DEEP_MESSAGE = (max: number) =>
  `The request body is nested too deeply: at most ${max} levels of lists and objects are accepted.`;
export const BODY_TOO_MANY_VALUES_MESSAGE = (max: number) =>
  `The request body has too many values: at most ${max.toLocaleString("en-US")} texts are accepted.`;

export type TBodyShapeRefusal = AppError;

/**
 * One pass over the JSON text, character by character, with a counter for the depth and one for the
 * strings: linear in the body's length whatever its shape, and done before anything parses or walks it.
 * Answers the refusal, or null when the body is within the limits. Text that is not valid JSON is left
 * to the validators (they answer it as such).
 */
export function checkJsonShape(text: string, limits: TBodyShapeLimits): TBodyShapeRefusal | null {
  let depth = 0;
  let strings = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === 0x5c /* \ */) escaped = true;
      else if (ch === 0x22 /* " */) inString = false;
    } else if (ch === 0x22) {
      inString = true;
      if (++strings > limits.maxStrings) {
        return new AppError("PAYLOAD_TOO_LARGE", BODY_TOO_MANY_VALUES_MESSAGE(limits.maxStrings));
      }
    } else if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      if (++depth > limits.maxDepth) {
        return new AppError("BAD_REQUEST", BODY_TOO_DEEP_MESSAGE(limits.maxDepth));
      }
    } else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) {
      depth--;
    }
  }
  return null;
}

const isJson = (c: Context<TAppEnv>) => /application\/(.+\+)?json/i.test(c.req.header("content-type") ?? "");

/**
 * At the edge of /api, after the byte limit and before the text sanitiser or any route: a JSON body
 * deeper or with more strings than its route allows (`limitsFor`, null: not checked) is refused with
 * 400 or 413. `beforeRefusal` runs first (the route's per-address limit counts the refused request and
 * may answer 429 instead).
 */
export function bodyShapeLimit(opts: {
  limitsFor: (path: string) => TBodyShapeLimits | null;
  beforeRefusal?: (c: Context<TAppEnv>) => Promise<void>;
}): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD" || !isJson(c)) return next();
    const limits = opts.limitsFor(c.req.path);
    if (!limits) return next();
    // The auth handler forwards the raw request, so it must stay unread there: read a copy.
    const text = c.req.path.startsWith("/api/auth/") ? await c.req.raw.clone().text() : await c.req.text();
    const refusal = checkJsonShape(text, limits);
    if (!refusal) return next();
    await opts.beforeRefusal?.(c);
    throw refusal;
  };
}
