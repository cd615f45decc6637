import { apiClient } from "@/lib/api-client";
import type { TOpenInvitation } from "./api-schemas";

export type { TOpenInvitation };

// The answers' schemas are checked in development and tests only (./api-schemas): a production build
// types the answers, so the screen does not download zod to read them.
type TSchemas = typeof import("./api-schemas");
const schema = <K extends keyof TSchemas>(name: K) =>
  import.meta.env.DEV
    ? () => import("./api-schemas").then((schemas): TSchemas[K] => schemas[name])
    : undefined;
const ZInvitationListSchema = schema("ZInvitationListSchema");
const ZAnswerSchema = schema("ZAnswerSchema");

/** Buyer invitations sent to the signed-in user's address that wait for an answer. */
export async function fetchOpenInvitations(signal?: AbortSignal): Promise<TOpenInvitation[]> {
  const body = await apiClient.get("/api/session/invitations", { schema: ZInvitationListSchema, signal });
  return body.invitations;
}

export function answerInvitation(id: string, answer: "accept" | "decline") {
  return apiClient.post(
    `/api/session/invitations/${encodeURIComponent(id)}/${answer}`,
    {},
    { schema: ZAnswerSchema },
  );
}
