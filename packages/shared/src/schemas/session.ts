import { z } from "zod";

export const COMPANY_ROLES = ["owner", "org_admin", "member"] as const;
export const ZCompanyRoleSchema = z.enum(COMPANY_ROLES);
export type TCompanyRole = z.infer<typeof ZCompanyRoleSchema>;

/** Answer of GET /api/whoami: who the session is and what it may open. */
export const ZWhoamiSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  emailVerified: z.boolean(),
  activeOrgId: z.string().nullable(),
  organizationId: z.string().nullable(),
  companyName: z.string().nullable(),
  /** The company's logo (Settings → General), shown in the shell; null without one. */
  companyLogoUrl: z.string().nullable(),
  /** The company of organizationId is suspended by the platform team: its pages show why instead. */
  companySuspended: z.boolean(),
  roles: z.array(z.object({ role: ZCompanyRoleSchema, companyId: z.string() })),
  activeBuyerId: z.string().nullable(),
  buyerStatus: z.enum(["pending", "active", "inactive"]).nullable(),
  isBuyer: z.boolean(),
  isPlatformAdmin: z.boolean(),
  buyerWorkspaces: z.array(z.object({ buyerId: z.string(), companyId: z.string(), companyName: z.string() })),
});
export type TWhoami = z.infer<typeof ZWhoamiSchema>;
