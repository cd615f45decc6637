import type { TCreateApiKey } from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";
import { schema } from "./api-schema";

// The API Keys tab's calls, loaded with that tab (answers checked in development only: ./api-schema.ts).
const ZApiKeyListSchema = schema("ZApiKeyListSchema");
const ZCreatedApiKeySchema = schema("ZCreatedApiKeySchema");

export const apiKeyKeys = ["settings", "api-keys"] as const;
export const fetchApiKeys = (signal?: AbortSignal) =>
  api.get("/api/settings/api-keys", { schema: ZApiKeyListSchema, signal });
export const createApiKey = (input: TCreateApiKey) =>
  api.post("/api/settings/api-keys", { body: input, schema: ZCreatedApiKeySchema });
export const revokeApiKey = (id: string) => api.delete("/api/settings/api-keys/{id}", { params: { id } });
