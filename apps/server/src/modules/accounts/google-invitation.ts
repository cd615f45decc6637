import { INVITATION_MESSAGES } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { TSessionUser } from "../../app-types";
import type { Db } from "../../db/client";
import { buyerInvitations, buyers, profiles } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { hashToken } from "../../lib/tokens";
import { activateUnlessDeactivated } from "../buyers";

export const INVITATION_OTHER_EMAIL =
  "This invitation was sent to a different email address. Please sign in with that address.";

/**
 * Accepts an invitation for the signed-in user after Google sign-in (000 §2.6): the Google account's
 * verified address must be the invited one. Links and activates the buyer and completes the invitation
 * in one transaction, under a row lock so a link is used once.
 */
export async function acceptInvitationAsSessionUser(db: Db, user: TSessionUser, token: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ invitation: buyerInvitations, buyer: buyers })
      .from(buyerInvitations)
      .innerJoin(buyers, eq(buyers.id, buyerInvitations.buyerId))
      .where(eq(buyerInvitations.tokenHash, hashToken(token)))
      .for("update", { of: buyerInvitations });
    if (!row || row.invitation.status === "revoked" || row.invitation.expiresAt.getTime() < Date.now()) {
      throw new AppError("INVITATION_INVALID", INVITATION_MESSAGES.INVALID);
    }
    if (row.buyer.deletedAt) throw new AppError("BUYER_NOT_FOUND", INVITATION_MESSAGES.NO_BUYER);
    if (row.invitation.status === "completed") {
      throw new AppError("INVITATION_USED", INVITATION_MESSAGES.USED);
    }
    if (!user.emailVerified || user.email.toLowerCase() !== row.invitation.email.toLowerCase()) {
      throw new AppError("INVITATION_OTHER_EMAIL", INVITATION_OTHER_EMAIL);
    }
    await tx
      .update(buyers)
      .set({ userId: user.id, status: activateUnlessDeactivated })
      .where(and(eq(buyers.id, row.buyer.id), eq(buyers.companyId, row.invitation.companyId)));
    await tx
      .update(buyerInvitations)
      .set({ status: "completed", userId: user.id, completedAt: new Date() })
      .where(eq(buyerInvitations.id, row.invitation.id));
    await tx
      .insert(profiles)
      .values({ id: user.id, companyId: null, fullName: row.buyer.contactName })
      .onConflictDoNothing();
    return { buyerId: row.buyer.id, redirectTo: "/buyer/dashboard" };
  });
}
