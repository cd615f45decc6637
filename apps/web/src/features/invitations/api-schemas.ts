// The invitation answers' schemas, imported by ./api in development and tests only.
import { z } from "zod";

const ZOpenInvitationSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  companyLogoUrl: z.string().nullable(),
  expiresAt: z.string(),
});
export type TOpenInvitation = z.infer<typeof ZOpenInvitationSchema>;

export const ZInvitationListSchema = z.object({ invitations: z.array(ZOpenInvitationSchema) });
export const ZAnswerSchema = z.object({ status: z.enum(["accepted", "declined"]), redirectTo: z.string() });
