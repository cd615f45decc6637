import { devSchemas } from "@/lib/dev-schemas";

// The answers' schemas are checked in development and tests only (plain objects, no defaults or
// transforms): a production build types the answers, as the layouts' calls, so no account page downloads
// zod to read them (bench/bundle-size.mjs).
export const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);

/** Calls made signed out. */
export const open = { allowUnauthenticated: true } as const;
