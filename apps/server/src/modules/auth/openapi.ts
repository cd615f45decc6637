import type { TDeps } from "../../app-types";
import { CLOSED_AUTH_PATHS } from "./closed-paths";

type TDocument = {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
  tags?: { name: string; description?: string }[];
};

const isDocument = (value: unknown): value is TDocument => typeof value === "object" && value !== null;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

let cached: TDocument | null = null;

/** better-auth's description of its own endpoints (sign-in, sign-up, reset, sessions…), built once. */
export async function authOpenApi(deps: Pick<TDeps, "auth">): Promise<TDocument> {
  if (!cached) {
    const generated: unknown = await deps.auth.api.generateOpenAPISchema();
    cached = isDocument(generated) ? generated : {};
  }
  return cached;
}

/**
 * better-auth describes nullable values the OpenAPI 3.0 way (`nullable: true`); the API's document is
 * 3.1, where null is one of the types.
 */
function toOpenApi31(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toOpenApi31);
  if (!isRecord(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key !== "nullable") out[key] = toOpenApi31(value);
  }
  if (node.nullable === true && typeof node.type === "string") out.type = [node.type, "null"];
  return out;
}

/**
 * OAuth callbacks are the provider's redirect target (they answer with a redirect, never JSON), not a
 * call an API client makes: the reference does not list them.
 */
const UNLISTED_AUTH_PATHS = /^\/callback\//;

/** The component schemas some $ref reaches from the paths, followed through the schemas themselves. */
function referencedSchemas(paths: unknown, schemas: Record<string, unknown>): Set<string> {
  const refs = (node: unknown) =>
    [...JSON.stringify(node).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
  const used = new Set<string>();
  const queue = refs(paths);
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    queue.push(...refs(schemas[name] ?? null));
  }
  return used;
}

/** Adds the auth endpoints under /api/auth, tagged "Auth", to the API's own document. */
export function withAuthEndpoints<T extends TDocument>(doc: T, auth: TDocument): T {
  const paths: Record<string, unknown> = { ...(doc.paths ?? {}) };
  for (const [path, item] of Object.entries(auth.paths ?? {})) {
    // Closed endpoints (users come only from registration, invitations and platform admins) are not listed.
    if (!isRecord(item) || CLOSED_AUTH_PATHS.has(`/api/auth${path}`) || UNLISTED_AUTH_PATHS.test(path))
      continue;
    const operations: Record<string, unknown> = {};
    for (const [method, op] of Object.entries(item)) {
      if (!isRecord(op)) continue;
      const description = typeof op.description === "string" ? op.description : "";
      const summary =
        typeof op.summary === "string" && op.summary
          ? op.summary
          : description.split(/(?<=\.)\s/)[0] || `${method.toUpperCase()} /api/auth${path}`;
      // better-auth names a bearer scheme; the product's own security entries are set for every operation
      // when the document is completed (lib/openapi.ts).
      const { security: _security, ...rest } = op;
      operations[method] = { ...(toOpenApi31(rest) as object), summary, tags: ["Auth"] };
    }
    paths[`/api/auth${path}`] = operations;
  }
  // better-auth describes all its tables; only the schemas an endpoint uses are kept.
  const all = {
    ...(toOpenApi31(auth.components?.schemas ?? {}) as Record<string, unknown>),
    ...(doc.components?.schemas ?? {}),
  };
  const used = referencedSchemas(paths, all);
  const own = new Set(Object.keys(doc.components?.schemas ?? {}));
  const schemas = Object.fromEntries(Object.entries(all).filter(([name]) => own.has(name) || used.has(name)));
  return {
    ...doc,
    paths,
    components: { ...(doc.components ?? {}), schemas },
    tags: [...(doc.tags ?? []), { name: "Auth", description: "Accounts and sessions (better-auth)" }],
  };
}
