import { devSchemas } from "@/lib/dev-schemas";

// The settings calls' answer schemas (./api-schemas), checked in development and tests only: a production
// build types the answers, so the settings screens do not download zod to read them. One loader for
// ./api.ts and the tabs' own call modules (api-keys-api.ts, backups-api.ts, team-api.ts, …).
export const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);
