import { normalizeRole, type TCompanyRole, type TWhoami } from "@leadpost/shared";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { TSessionUser } from "../../app-types";
import type { Db } from "../../db/client";
import { buyers, companies, profiles, userRoles } from "../../db/schema";
import { isPlatformAdmin } from "../../lib/platform-admins";

export { isPlatformAdmin } from "../../lib/platform-admins";

/** Who the user is across companies: company roles, buyer records and platform rights. */
export async function getWhoami(db: Db, user: TSessionUser, platformAdminEmails: string[]): Promise<TWhoami> {
  const [roleRows, profileRows, buyerRows] = await Promise.all([
    db
      .select({
        role: userRoles.role,
        companyId: userRoles.companyId,
        companyName: companies.name,
        companyLogoUrl: companies.logoUrl,
        companySuspended: sql<boolean>`${companies.suspendedAt} is not null`,
      })
      .from(userRoles)
      .innerJoin(companies, eq(companies.id, userRoles.companyId))
      .where(eq(userRoles.userId, user.id))
      .orderBy(userRoles.createdAt),
    db.select().from(profiles).where(eq(profiles.id, user.id)).limit(1),
    db
      .select({
        id: buyers.id,
        companyId: buyers.companyId,
        status: buyers.status,
        companyName: companies.name,
      })
      .from(buyers)
      .innerJoin(companies, eq(companies.id, buyers.companyId))
      .where(and(eq(buyers.userId, user.id), isNull(buyers.deletedAt)))
      .orderBy(desc(buyers.createdAt)),
  ]);

  const roles = roleRows.flatMap((r) => {
    const role = normalizeRole(r.role);
    return role ? [{ role: role as TCompanyRole, companyId: r.companyId }] : [];
  });
  const profileCompanyId = profileRows[0]?.companyId ?? null;
  const organizationId = roles[0]?.companyId ?? profileCompanyId;
  const activeBuyer = buyerRows.find((b) => b.status === "active") ?? buyerRows[0] ?? null;
  const orgRow = roleRows.find((r) => r.companyId === organizationId);
  const companyName = orgRow?.companyName ?? activeBuyer?.companyName ?? null;

  return {
    userId: user.id,
    email: user.email,
    name: user.name || null,
    emailVerified: user.emailVerified,
    activeOrgId: organizationId ?? activeBuyer?.companyId ?? null,
    organizationId,
    companyName,
    companyLogoUrl: orgRow?.companyLogoUrl ?? null,
    companySuspended: orgRow?.companySuspended ?? false,
    roles,
    activeBuyerId: activeBuyer?.id ?? null,
    buyerStatus: activeBuyer?.status ?? null,
    isBuyer: buyerRows.some((b) => b.status === "active"),
    isPlatformAdmin: isPlatformAdmin(user.email, platformAdminEmails),
    buyerWorkspaces: buyerRows
      .filter((b) => b.status === "active")
      .map((b) => ({ buyerId: b.id, companyId: b.companyId, companyName: b.companyName })),
  };
}
