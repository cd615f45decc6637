// Company Settings' API Keys tab: environments and texts, zod-free for the browser (schemas/settings.ts
// re-exports them).

export const API_KEY_ENVIRONMENTS = ["production", "sandbox"] as const;
export type TApiKeyEnvironment = (typeof API_KEY_ENVIRONMENTS)[number];

export const API_KEY_MESSAGES = {
  NAME_REQUIRED: "API key name is required",
  CREATED: "API key created. Copy it now: it is not shown again.",
  REVOKED: "API key revoked",
  INVALID: "Invalid or revoked API key",
  MISSING: "An API key is required (Authorization: Bearer <key>)",
  WRONG_HEADER: "Send the API key as Authorization: Bearer <key>; the X-API-Key header is not accepted.",
} as const;
