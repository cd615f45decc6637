import { INVITATION_MESSAGES, type TTeamInvitationDetails } from "@leadpost/shared";
import { and, eq, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { accounts, companies, profiles, teamInvitations, userRoles, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { hashToken } from "../../lib/tokens";
import { hashPassword } from "../auth";

type TDepsDb = Pick<TDeps, "database">;

const invalid = () => new AppError("INVITATION_INVALID", INVITATION_MESSAGES.INVALID);
const used = () => new AppError("INVITATION_USED", INVITATION_MESSAGES.USED);

async function usableInvitation(db: Db, token: string, lock = false) {
  const query = db
    .select({ invitation: teamInvitations, company: companies })
    .from(teamInvitations)
    .innerJoin(companies, eq(companies.id, teamInvitations.companyId))
    .where(eq(teamInvitations.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for("update", { of: teamInvitations }) : await query;
  if (!row || row.invitation.status === "revoked" || row.invitation.expiresAt < new Date()) throw invalid();
  if (row.invitation.status === "completed") throw used();
  return row;
}

const userByEmail = async (db: Db, email: string) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  )[0] ?? null;

export async function getTeamInvitation(deps: TDepsDb, token: string): Promise<TTeamInvitationDetails> {
  const db = deps.database.db;
  const row = await usableInvitation(db, token);
  return {
    email: row.invitation.email,
    role: row.invitation.role,
    company: { name: row.company.name, logoUrl: row.company.logoUrl },
    hasAccount: Boolean(await userByEmail(db, row.invitation.email)),
  };
}

/** Gives the user the invited role in the company and completes the invitation (inside tx). */
async function join(tx: Db, invitation: typeof teamInvitations.$inferSelect, userId: string) {
  await tx
    .insert(userRoles)
    .values({ userId, companyId: invitation.companyId, role: invitation.role })
    .onConflictDoNothing();
  await tx.update(teamInvitations).set({ status: "completed" }).where(eq(teamInvitations.id, invitation.id));
}

/**
 * A newcomer joins: the verified user (the e-mailed link proves the address), its password, its
 * profile in the company and its role, all in one transaction. Using the link twice fails the second time.
 */
export async function acceptTeamInvitation(
  deps: TDepsDb,
  token: string,
  input: { name: string; password: string },
) {
  const passwordHash = await hashPassword(input.password);
  return deps.database.db.transaction(async (tx) => {
    const { invitation } = await usableInvitation(tx, token, true);
    if (await userByEmail(tx, invitation.email)) {
      throw new AppError(
        "USER_EXISTS",
        "An account with this email already exists. Please sign in to accept the invitation.",
      );
    }
    const [user] = await tx
      .insert(users)
      .values({ email: invitation.email, name: input.name, emailVerified: true })
      .returning({ id: users.id });
    if (!user) throw new Error("user insert returned nothing");
    await tx
      .insert(accounts)
      .values({ accountId: user.id, providerId: "credential", userId: user.id, password: passwordHash });
    await tx.insert(profiles).values({ id: user.id, companyId: invitation.companyId, fullName: input.name });
    await join(tx, invitation, user.id);
    return { userId: user.id, email: invitation.email };
  });
}

/** Someone already signed in with the invited address joins the company. */
export async function acceptTeamInvitationAsUser(
  deps: TDepsDb,
  token: string,
  user: { id: string; email: string },
) {
  return deps.database.db.transaction(async (tx) => {
    const { invitation } = await usableInvitation(tx, token, true);
    if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError(
        "FORBIDDEN",
        `This invitation was sent to ${invitation.email}. Sign in with that address to accept it.`,
      );
    }
    const [other] = await tx
      .select({ companyId: userRoles.companyId })
      .from(userRoles)
      .where(and(eq(userRoles.userId, user.id)));
    if (other && other.companyId !== invitation.companyId) {
      throw new AppError("CONFLICT", "This account already belongs to another company.");
    }
    await tx
      .update(profiles)
      .set({ companyId: invitation.companyId })
      .where(and(eq(profiles.id, user.id), sql`${profiles.companyId} is null`));
    await join(tx, invitation, user.id);
    return { userId: user.id };
  });
}
