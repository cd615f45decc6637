import { INVITATION_MESSAGES } from "@leadpost/shared";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { TSessionUser } from "../../app-types";
import type { Db } from "../../db/client";
import { buyerInvitations, buyers, companies, profiles } from "../../db/schema";
import { AppError } from "../../lib/app-error";

/**
 * Accepting makes a pending buyer active; a buyer the company deactivated stays inactive (only the
 * company reactivates it), whatever invitation it sent.
 */
export const activateUnlessDeactivated = sql`case when ${buyers.status} = 'pending' then 'active' else ${buyers.status} end`;

const openInvitation = (user: TSessionUser) =>
  and(
    eq(sql`lower(${buyerInvitations.email})`, user.email.toLowerCase()),
    eq(buyerInvitations.status, "pending"),
    gt(buyerInvitations.expiresAt, new Date()),
    isNull(buyers.deletedAt),
  );

/** The open buyer invitations addressed to the signed-in user's verified e-mail, oldest first. */
export async function listInvitationsForUser(db: Db, user: TSessionUser) {
  if (!user.emailVerified) return [];
  const rows = await db
    .select({
      id: buyerInvitations.id,
      companyName: companies.name,
      companyLogoUrl: companies.logoUrl,
      expiresAt: buyerInvitations.expiresAt,
    })
    .from(buyerInvitations)
    .innerJoin(buyers, eq(buyers.id, buyerInvitations.buyerId))
    .innerJoin(companies, eq(companies.id, buyerInvitations.companyId))
    .where(openInvitation(user))
    .orderBy(asc(buyerInvitations.createdAt));
  return rows.map((r) => ({ ...r, expiresAt: r.expiresAt.toISOString() }));
}

/**
 * The signed-in user answers an invitation sent to their verified address. Accept links the buyer
 * record to them (active, unless the company deactivated it) and completes the invitation; decline
 * leaves the record unlinked and closes the invitation. One transaction, the invitation row locked.
 */
export async function answerInvitationForUser(
  db: Db,
  user: TSessionUser,
  invitationId: string,
  answer: "accept" | "decline",
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ invitation: buyerInvitations, buyer: buyers })
      .from(buyerInvitations)
      .innerJoin(buyers, eq(buyers.id, buyerInvitations.buyerId))
      .where(
        and(eq(buyerInvitations.id, invitationId), user.emailVerified ? openInvitation(user) : sql`false`),
      )
      .for("update", { of: buyerInvitations });
    // Someone else's invitation, a used or expired one: all alike, nothing revealed.
    if (!row) throw new AppError("INVITATION_INVALID", INVITATION_MESSAGES.INVALID);
    const now = new Date();
    if (answer === "decline") {
      await tx
        .update(buyerInvitations)
        .set({ status: "declined", userId: user.id, completedAt: now })
        .where(eq(buyerInvitations.id, row.invitation.id));
      return { status: "declined" as const, redirectTo: "/" };
    }
    const [linked] = await tx
      .update(buyers)
      .set({ userId: user.id, status: activateUnlessDeactivated, updatedAt: now })
      .where(
        and(
          eq(buyers.id, row.buyer.id),
          eq(buyers.companyId, row.invitation.companyId),
          // Never take over a record another user already holds.
          sql`(${buyers.userId} is null or ${buyers.userId} = ${user.id})`,
        ),
      )
      .returning({ status: buyers.status });
    if (!linked) throw new AppError("INVITATION_INVALID", INVITATION_MESSAGES.INVALID);
    await tx
      .update(buyerInvitations)
      .set({ status: "completed", userId: user.id, completedAt: now })
      .where(eq(buyerInvitations.id, row.invitation.id));
    await tx
      .insert(profiles)
      .values({ id: user.id, companyId: null, fullName: row.buyer.contactName })
      .onConflictDoNothing();
    return {
      status: "accepted" as const,
      redirectTo: linked.status === "active" ? "/buyer/dashboard" : "/",
    };
  });
}
