import { INVITATION_MESSAGES, type TInviteBuyer } from "@leadpost/shared";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { accounts, buyerInvitations, buyers, companies, niches, profiles, users } from "../../db/schema";
import { AppError, conflict, notFound } from "../../lib/app-error";
import { hashToken, newLinkToken } from "../../lib/tokens";
import type { TCompanyContext } from "../../plugins/tenant";
import { hashPassword } from "../auth";
import { emailBrand } from "../email";
import { findSameBuyer } from "./duplicates";
import { buyerInvitationEmail } from "./emails";
import { activateUnlessDeactivated } from "./invitation-answers";

export const INVITATION_DAYS = 7;

/**
 * Creates (or reuses) the pending buyer and sends a fresh single-use link; older links for the same
 * buyer stop working. Resending to a buyer who already has an account is allowed (002/001 "Resend").
 */
export async function inviteBuyer(
  deps: Pick<TDeps, "database" | "email" | "config">,
  ctx: TCompanyContext,
  input: TInviteBuyer,
) {
  const db = deps.database.db;
  const [niche] = await db
    .select({ id: niches.id })
    .from(niches)
    .where(and(eq(niches.id, input.nicheId), eq(niches.companyId, ctx.companyId)));
  if (!niche)
    throw new AppError("VALIDATION_FAILED", "Please select a niche", {
      nicheId: ["Please select a niche"],
    });
  const [company] = await db.select().from(companies).where(eq(companies.id, ctx.companyId));
  if (!company) throw notFound("Company not found");

  const { token, hash } = newLinkToken();
  const buyer = await db.transaction(async (tx) => {
    let target = input.buyerId
      ? (
          await tx
            .select()
            .from(buyers)
            .where(
              and(
                eq(buyers.id, input.buyerId),
                eq(buyers.companyId, ctx.companyId),
                isNull(buyers.deletedAt),
              ),
            )
        )[0]
      : await findSameBuyer(tx, ctx.companyId, input.email, input.nicheId);
    if (input.buyerId && !target) throw notFound(INVITATION_MESSAGES.NO_BUYER);
    if (!input.buyerId && target && target.status !== "pending")
      throw conflict(INVITATION_MESSAGES.DUPLICATE);
    if (!target) {
      if (company.subscriptionTier === "basic") {
        // Serialises buyer creation of the company, so two invitations cannot both pass the one-buyer limit.
        await tx
          .select({ id: companies.id })
          .from(companies)
          .where(eq(companies.id, ctx.companyId))
          .for("update");
        const [row] = await tx
          .select({ n: count() })
          .from(buyers)
          .where(and(eq(buyers.companyId, ctx.companyId), isNull(buyers.deletedAt)));
        if ((row?.n ?? 0) >= 1) throw new AppError("TIER_LIMIT", INVITATION_MESSAGES.BASIC_LIMIT);
      }
      [target] = await tx
        .insert(buyers)
        .values({
          companyId: ctx.companyId,
          email: input.email,
          contactName: input.email.split("@")[0]!,
          nicheId: input.nicheId,
          status: "pending",
          source: "invitation",
        })
        .returning();
    }
    if (!target) throw new Error("buyer insert returned nothing");
    await tx
      .update(buyerInvitations)
      .set({ status: "revoked" })
      .where(and(eq(buyerInvitations.buyerId, target.id), eq(buyerInvitations.status, "pending")));
    await tx.insert(buyerInvitations).values({
      companyId: ctx.companyId,
      buyerId: target.id,
      email: target.email,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
    });
    return target;
  });

  // Someone who already has an account answers on the invitations page after signing in (nothing is
  // linked until they accept); a newcomer registers through the link.
  const [existingUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, buyer.email.toLowerCase()));
  const url = existingUser
    ? `${deps.config.publicUrl}/invitations`
    : `${deps.config.publicUrl}/auth/register?token=${encodeURIComponent(token)}`;
  await deps.email.send({
    companyId: ctx.companyId,
    to: buyer.email,
    kind: "buyer_invitation",
    ...buyerInvitationEmail(company.name, url, emailBrand(deps.config.publicUrl, company)),
  });
  return { success: true as const, buyerId: buyer.id, email: buyer.email };
}

async function findInvitation(db: Db, token: string) {
  const [row] = await db
    .select({ invitation: buyerInvitations, buyer: buyers, company: companies })
    .from(buyerInvitations)
    .innerJoin(buyers, eq(buyers.id, buyerInvitations.buyerId))
    .innerJoin(companies, eq(companies.id, buyerInvitations.companyId))
    .where(eq(buyerInvitations.tokenHash, hashToken(token)));
  return row ?? null;
}

function assertUsable(row: Awaited<ReturnType<typeof findInvitation>>) {
  if (!row || row.invitation.status === "revoked" || row.buyer.deletedAt) {
    throw new AppError("INVITATION_INVALID", INVITATION_MESSAGES.INVALID);
  }
  if (row.invitation.status === "completed") throw new AppError("INVITATION_USED", INVITATION_MESSAGES.USED);
  if (row.invitation.expiresAt.getTime() < Date.now())
    throw new AppError("INVITATION_INVALID", INVITATION_MESSAGES.INVALID);
  return row;
}

export async function getInvitation(deps: Pick<TDeps, "database">, token: string) {
  const row = assertUsable(await findInvitation(deps.database.db, token));
  const [existing] = await deps.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, row.invitation.email));
  return {
    email: row.invitation.email,
    contactName: row.buyer.contactName,
    company: { name: row.company.name, logoUrl: row.company.logoUrl },
    status: "pending" as const,
    hasAccount: Boolean(existing),
  };
}

/**
 * Sets the password, links the new user to the buyer, activates it and completes the invitation in
 * one transaction. The e-mailed link proves the address, so the account starts verified.
 */
export async function acceptInvitation(deps: Pick<TDeps, "database">, token: string, password: string) {
  const db = deps.database.db;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: buyerInvitations.id })
      .from(buyerInvitations)
      .where(eq(buyerInvitations.tokenHash, hashToken(token)))
      .for("update");
    if (!locked) throw new AppError("INVITATION_INVALID", INVITATION_MESSAGES.INVALID);
    const row = assertUsable(await findInvitation(tx, token));
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, row.invitation.email));
    if (existing) {
      throw new AppError(
        "USER_EXISTS",
        "An account with this email already exists. Please try logging in instead.",
      );
    }
    const [user] = await tx
      .insert(users)
      .values({ email: row.invitation.email, name: row.buyer.contactName, emailVerified: true })
      .returning({ id: users.id });
    if (!user) throw new Error("user insert returned nothing");
    await tx
      .insert(accounts)
      .values({ accountId: user.id, providerId: "credential", userId: user.id, password: passwordHash });
    await tx.insert(profiles).values({ id: user.id, companyId: null, fullName: row.buyer.contactName });
    await tx
      .update(buyers)
      .set({ userId: user.id, status: activateUnlessDeactivated })
      .where(eq(buyers.id, row.buyer.id));
    await tx
      .update(buyerInvitations)
      .set({ status: "completed", userId: user.id, completedAt: new Date() })
      .where(eq(buyerInvitations.id, row.invitation.id));
    return { userId: user.id, email: row.invitation.email, buyerId: row.buyer.id };
  });
}
