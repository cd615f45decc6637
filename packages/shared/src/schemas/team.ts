import { z } from "zod";

export const ZTeamMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(["owner", "org_admin", "member"]),
});
export const ZTeamInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(["org_admin", "member"]),
  expiresAt: z.string(),
});
export const ZTeamSchema = z.object({
  seats: z.number(),
  used: z.number(),
  members: z.array(ZTeamMemberSchema),
  invitations: z.array(ZTeamInvitationSchema),
});
export type TTeam = z.infer<typeof ZTeamSchema>;
export const ZTeamInviteSchema = z.object({
  email: z.email("Enter a valid email address").transform((v) => v.trim().toLowerCase()),
  role: z.enum(["org_admin", "member"]),
});
export const ZTeamRoleSchema = z.object({ role: z.enum(["org_admin", "member"]) });

/** What a team invitation link shows before joining. */
export const ZTeamInvitationDetailsSchema = z.object({
  email: z.string(),
  role: z.enum(["org_admin", "member"]),
  company: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  hasAccount: z.boolean(),
});
export type TTeamInvitationDetails = z.infer<typeof ZTeamInvitationDetailsSchema>;

/** A newcomer joins with a name and a password (the e-mailed link proves the address). */
export const ZAcceptTeamInvitationSchema = z
  .object({
    name: z.string().trim().min(2, "Please enter your full name").max(100),
    password: z.string().min(8, "Password must be at least 8 characters").max(128),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type TAcceptTeamInvitation = z.input<typeof ZAcceptTeamInvitationSchema>;
