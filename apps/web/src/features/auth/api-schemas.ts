// Schemas of the account endpoints' answers, imported by ./api on first use (see there).
import { z } from "zod";

export {
  ZCompanyRegistrationResultSchema,
  ZInvitationDetailsSchema,
  ZSignInOptionsSchema,
  ZTeamInvitationDetailsSchema,
} from "@leadpost/shared";

export const ZSocialSignInSchema = z.object({ url: z.string().optional(), redirect: z.boolean().optional() });
export const ZAcceptedSchema = z.object({ redirectTo: z.string() });
export const ZResetTokenCheckSchema = z.object({ valid: z.boolean(), email: z.string().nullable() });
export const ZBrandingSchema = z.object({ name: z.string(), logoUrl: z.string().nullable() });
export const ZJoined = z.object({ userId: z.string(), redirectTo: z.string() });
export const ZLinkedBuyerSchema = z.object({ invitations: z.array(z.unknown()) });
export const ZBuyerAccountSchema = z.object({
  buyerId: z.string(),
  companyId: z.string(),
  created: z.boolean(),
});
