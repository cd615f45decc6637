import { z } from "zod";
import { api } from "@/lib/api/typed-client";

const ZOpenInvitationSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  companyLogoUrl: z.string().nullable(),
  expiresAt: z.string(),
});
export type TOpenInvitation = z.infer<typeof ZOpenInvitationSchema>;

const ZInvitationListSchema = z.object({ invitations: z.array(ZOpenInvitationSchema) });
const ZAnswerSchema = z.object({ status: z.enum(["accepted", "declined"]), redirectTo: z.string() });

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
