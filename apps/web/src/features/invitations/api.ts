import { api } from "@/lib/api/typed-client";
import { devSchemas } from "@/lib/dev-schemas";
import type { TOpenInvitation } from "./api-schemas";

export type { TOpenInvitation };

// The answers' schemas are checked in development and tests only (./api-schemas): a production build
// types the answers, so the screen does not download zod to read them.
const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);
const ZInvitationListSchema = schema("ZInvitationListSchema");
const ZAnswerSchema = schema("ZAnswerSchema");

/** Buyer invitations sent to the signed-in user's address that wait for an answer. */
export async function fetchOpenInvitations(signal?: AbortSignal): Promise<TOpenInvitation[]> {
  const body = await api.get("/api/session/invitations", { schema: ZInvitationListSchema, signal });
  return body.invitations;
}

export function answerInvitation(id: string, answer: "accept" | "decline") {
  const options = { params: { invitationId: id }, body: {}, schema: ZAnswerSchema };
  return answer === "accept"
    ? api.post("/api/session/invitations/{invitationId}/accept", options)
    : api.post("/api/session/invitations/{invitationId}/decline", options);
}
