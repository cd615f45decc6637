import { APPLICATION_MESSAGES, type TApplicationCompany, type TBuyerApplication } from "@leadpost/shared";
import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { buyers, companies, niches, userRoles, users } from "../../db/schema";
import { AppError, conflict, notFound } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import { assertOwnNiche } from "../niches";
import { findSameBuyer } from "./duplicates";
import { buyerApplicationEmail } from "./emails";
import { locate } from "./mappers";

const noCompany = () => notFound(APPLICATION_MESSAGES.NO_COMPANY);

/** What /register?company={id} shows: the company and the niches one can apply for. */
export async function getApplicationCompany(
  deps: Pick<TDeps, "database">,
  companyId: string,
): Promise<TApplicationCompany> {
  const db = deps.database.db;
  const [company] = await db
    .select({ name: companies.name, logoUrl: companies.logoUrl })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw noCompany();
  const nicheRows = await db
    .select({ id: niches.id, name: niches.name })
    .from(niches)
    .where(eq(niches.companyId, companyId))
    .orderBy(asc(niches.name));
  return { ...company, niches: nicheRows };
}

/** The company admin's address: the company's admin e-mail, else its first owner's. */
async function adminAddress(db: Db, companyId: string, adminEmail: string | null) {
  if (adminEmail?.includes("@")) return adminEmail;
  const [owner] = await db
    .select({ email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.companyId, companyId), eq(userRoles.role, "owner")))
    .orderBy(asc(userRoles.createdAt))
    .limit(1);
  return owner?.email ?? null;
}

/**
 * A prospective buyer applies: a pending buyer without an account (source "application") is created in
 * one transaction, then the company admin is e-mailed. Approving means sending it an invitation.
 */
export async function submitBuyerApplication(
  deps: Pick<TDeps, "database" | "email" | "config">,
  input: TBuyerApplication,
) {
  const db = deps.database.db;
  let company: { name: string; adminEmail: string | null };
  try {
    company = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ name: companies.name, adminEmail: companies.adminEmail, tier: companies.subscriptionTier })
        .from(companies)
        .where(eq(companies.id, input.companyId))
        .for("update");
      if (!row) throw noCompany();
      await assertOwnNiche(tx, input.companyId, input.nicheId);
      if (row.tier === "basic") {
        const [n] = await tx
          .select({ n: count() })
          .from(buyers)
          .where(and(eq(buyers.companyId, input.companyId), isNull(buyers.deletedAt)));
        if (Number(n?.n ?? 0) >= 1) throw new AppError("TIER_LIMIT", APPLICATION_MESSAGES.CLOSED);
      }
      if (await findSameBuyer(tx, input.companyId, input.email, input.nicheId)) {
        throw conflict(APPLICATION_MESSAGES.DUPLICATE);
      }
      await tx.insert(buyers).values({
        companyId: input.companyId,
        contactName: input.contactName,
        companyName: input.companyName ?? input.contactName,
        email: input.email,
        phoneNumber: input.phoneNumber,
        zipCode: input.zipCode,
        ...locate(input.zipCode, input.city, input.state),
        serviceRadius: input.serviceRadius,
        nicheId: input.nicheId ?? null,
        status: "pending",
        source: "application",
      });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, "buyers_company_email_niche_unique"))
      throw conflict(APPLICATION_MESSAGES.DUPLICATE);
    throw err;
  }

  const to = await adminAddress(db, input.companyId, company.adminEmail);
  if (to) {
    await deps.email.send({
      companyId: input.companyId,
      to,
      kind: "buyer_application",
      ...buyerApplicationEmail(company.name, input, `${deps.config.publicUrl}/dashboard/buyers?tab=pending`),
    });
  }
  return { success: true as const, message: APPLICATION_MESSAGES.SUBMITTED };
}
