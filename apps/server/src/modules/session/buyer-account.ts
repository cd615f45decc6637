import { AUTH_ERROR_MESSAGES, normalizeRole } from "@leadpost/shared";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { TSessionUser } from "../../app-types";
import type { Db } from "../../db/client";
import { buyers, profiles, userRoles } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";

export const BUYER_INACTIVE_MESSAGE =
  "Your lead buyer account is not active. Please contact the company that invited you.";

/**
 * The standalone buyer login of 000 §6 (invitations are answered on their own page first), answers
 * the user's active buyer record; a company user without one gets an active buyer record in the
 * company of their profile. Without such a company the account is not properly configured.
 */
export async function ensureBuyerAccount(db: Db, user: TSessionUser) {
  const own = await db
    .select({ id: buyers.id, companyId: buyers.companyId, status: buyers.status })
    .from(buyers)
    .where(and(eq(buyers.userId, user.id), isNull(buyers.deletedAt)))
    .orderBy(desc(buyers.createdAt));
  const active = own.find((b) => b.status === "active");
  if (active) return { buyerId: active.id, companyId: active.companyId, created: false };
  if (own.length > 0) throw new AppError("BUYER_INACTIVE", BUYER_INACTIVE_MESSAGE);

  const [profile] = await db
    .select({ companyId: profiles.companyId, fullName: profiles.fullName, phone: profiles.phoneNumber })
    .from(profiles)
    .where(eq(profiles.id, user.id));
  const companyId = profile?.companyId ?? null;
  // Only the profile's own company, and only for someone who works there.
  const [role] = companyId
    ? await db
        .select({ role: userRoles.role })
        .from(userRoles)
        .where(and(eq(userRoles.userId, user.id), eq(userRoles.companyId, companyId)))
    : [];
  if (!companyId || !role || !normalizeRole(role.role)) {
    throw new AppError("NOT_CONFIGURED", AUTH_ERROR_MESSAGES.NOT_CONFIGURED);
  }
  try {
    const [created] = await db
      .insert(buyers)
      .values({
        companyId,
        userId: user.id,
        email: user.email.toLowerCase(),
        contactName: profile?.fullName || user.name || user.email.split("@")[0]!,
        phoneNumber: profile?.phone ?? null,
        status: "active",
        source: "manual",
      })
      .returning({ id: buyers.id });
    return { buyerId: created!.id, companyId, created: true };
  } catch (err) {
    // A buyer row of that address already exists in the company (unlinked): not ours to take over.
    if (isUniqueViolation(err)) throw new AppError("NOT_CONFIGURED", AUTH_ERROR_MESSAGES.NOT_CONFIGURED);
    throw err;
  }
}
