import { randomBytes } from "node:crypto";
import type {
  TAdminCreateUser,
  TAdminDeleteUser,
  TAdminRecreateUser,
  TAdminUserResult,
} from "@leadpost/shared";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import {
  accounts,
  buyerInvitations,
  buyers,
  companies,
  profiles,
  teamInvitations,
  userRoles,
  users,
  verifications,
} from "../../db/schema";
import { AppError, conflict, forbidden, notFound } from "../../lib/app-error";
import { authStoreOf } from "../../lib/better-auth-adapter";
import { html } from "../../lib/html";
import { hashPassword } from "../auth";
import { emailLayout } from "../email";
import { takeSeat } from "../team";
import { isPlatformAdminEmail, type TPlatformAdminContext } from "./guard";

type TAccountDeps = Pick<TDeps, "database" | "auth" | "email" | "config">;

/** Create-password links of admin-created accounts work once, for 7 days (like invitations). */
const PASSWORD_LINK_SECONDS = 7 * 24 * 60 * 60;
const COMPANY_ROLE = { user: "member", admin: "org_admin" } as const;

async function findUser(db: Db, by: { userId?: string; email?: string }) {
  const where = by.userId ? eq(users.id, by.userId) : eq(users.email, String(by.email).toLowerCase());
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(where);
  return user ?? null;
}

/**
 * user-account-create: the user (verified: an admin vouches for the address), the profile, and the
 * role: user → company member, admin → company admin, buyer → an active buyer of the company (an
 * unlinked buyer record with that e-mail is linked instead of duplicated). Without a password the
 * user is e-mailed a single-use create-password link.
 */
export async function createUserAccount(
  deps: TAccountDeps,
  input: TAdminCreateUser,
  action: "create" | "recreate" = "create",
): Promise<TAdminUserResult> {
  const db = deps.database.db;
  if (await findUser(db, { email: input.email })) throw conflict("A user with this email already exists");
  const [company] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, input.companyId));
  if (!company) throw notFound("Company not found");
  const passwordHash = input.password ? await hashPassword(input.password) : null;

  const user = await db.transaction(async (tx) => {
    // A company user takes a seat of the company's plan, as an invitation does; buyers take none.
    if (input.role !== "buyer") await takeSeat(tx, company.id);
    const [created] = await tx
      .insert(users)
      .values({ email: input.email, name: input.fullName, emailVerified: true })
      .returning({ id: users.id, email: users.email });
    if (!created) throw new Error("user insert returned nothing");
    if (passwordHash) {
      await tx.insert(accounts).values({
        accountId: created.id,
        providerId: "credential",
        userId: created.id,
        password: passwordHash,
      });
    }
    await tx.insert(profiles).values({
      id: created.id,
      companyId: company.id,
      fullName: input.fullName,
      phoneNumber: input.phoneNumber || null,
    });
    if (input.role === "buyer") {
      const linked = await tx
        .update(buyers)
        .set({ userId: created.id, status: "active" })
        .where(
          and(
            eq(buyers.companyId, company.id),
            sql`lower(${buyers.email}) = ${input.email}`,
            isNull(buyers.userId),
            isNull(buyers.deletedAt),
          ),
        )
        .returning({ id: buyers.id });
      if (linked.length === 0) {
        await tx.insert(buyers).values({
          companyId: company.id,
          userId: created.id,
          email: input.email,
          contactName: input.fullName,
          phoneNumber: input.phoneNumber || null,
          status: "active",
          source: "manual",
        });
      }
    } else {
      await tx
        .insert(userRoles)
        .values({ userId: created.id, companyId: company.id, role: COMPANY_ROLE[input.role] });
    }
    return created;
  });

  let passwordLinkSent: boolean | undefined;
  if (!passwordHash) passwordLinkSent = await sendCreatePasswordLink(deps, user, company.name);
  const verb = action === "create" ? "created" : "recreated";
  return {
    success: true,
    action,
    message: passwordHash
      ? `User ${user.email} ${verb}`
      : `User ${user.email} ${verb}; a create-password link was e-mailed`,
    user,
    ...(passwordLinkSent === undefined ? {} : { passwordLinkSent }),
  };
}

/** A reset-password token (single use, stored hashed by the auth service) sent as /auth/create-password. */
async function sendCreatePasswordLink(
  deps: TAccountDeps,
  user: { id: string; email: string },
  companyName: string,
): Promise<boolean> {
  const token = randomBytes(18).toString("base64url");
  await (await authStoreOf(deps.auth)).createVerificationValue({
    identifier: `reset-password:${token}`,
    value: user.id,
    expiresAt: new Date(Date.now() + PASSWORD_LINK_SECONDS * 1000),
  });
  const url = `${deps.config.publicUrl}/auth/create-password?token=${encodeURIComponent(token)}&type=magiclink`;
  const message = await deps.email.send({
    to: user.email,
    kind: "account_created",
    subject: "Your Leadpost account is ready",
    html: emailLayout(
      "Create your password",
      html`<p>An account was created for you at ${companyName} on Leadpost. Choose a password to sign in. The link works once and expires in 7 days.</p>`,
      { label: "Create password", url },
    ),
    text: `An account was created for you on Leadpost. Create your password (single use, 7 days): ${url}`,
  });
  return message.status !== "failed";
}

/**
 * user-account-delete: removes the account (sign-in, sessions, company roles, profile). With
 * preserveData (the default) its buyer records stay, unlinked, with their leads and credit ledger;
 * without it they are deleted the way the Buyers screen deletes (soft, the ledger is never erased).
 */
export async function deleteUserAccount(
  deps: TAccountDeps,
  admin: TPlatformAdminContext,
  input: TAdminDeleteUser,
  action: "delete" | "recreate" = "delete",
): Promise<TAdminUserResult> {
  const db = deps.database.db;
  const user = await findUser(db, input);
  if (!user) throw notFound("User not found");
  if (user.id === admin.userId || isPlatformAdminEmail(user.email, deps.config.platformAdminEmails)) {
    throw forbidden("Platform admin accounts cannot be deleted here");
  }
  const details = await db.transaction(async (tx) => {
    const roles = await tx
      .delete(userRoles)
      .where(eq(userRoles.userId, user.id))
      .returning({ id: userRoles.id });
    const owned = await tx
      .update(buyers)
      .set(
        input.preserveData ? { userId: null } : { userId: null, deletedAt: new Date(), status: "inactive" },
      )
      .where(and(eq(buyers.userId, user.id), isNull(buyers.deletedAt)))
      .returning({ id: buyers.id });
    // Reset and create-password tokens point at the user id.
    await tx.delete(verifications).where(eq(verifications.value, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    const counts: Record<string, number> = input.preserveData
      ? { rolesRemoved: roles.length, buyerRecordsKept: owned.length }
      : { rolesRemoved: roles.length, buyerRecordsDeleted: owned.length };
    return counts;
  });
  return {
    success: true,
    action,
    message: `User ${user.email} deleted${input.preserveData ? "; their data was preserved" : ""}`,
    user,
    details,
  };
}

/**
 * user-account-recreate: deletes the account with this e-mail if there is one (its data preserved),
 * optionally cleans up what pointed at the old account (pending invitations for the address), then
 * creates it again as in create.
 */
export async function recreateUserAccount(
  deps: TAccountDeps,
  admin: TPlatformAdminContext,
  input: TAdminRecreateUser,
): Promise<TAdminUserResult> {
  const db = deps.database.db;
  const existing = await findUser(db, { email: input.email });
  const details: Record<string, number> = { previousAccountDeleted: 0 };
  if (existing) {
    await deleteUserAccount(deps, admin, { email: input.email, preserveData: true }, "recreate");
    details.previousAccountDeleted = 1;
  }
  if (input.cleanupOrphanedRecords) {
    const revoked = await db.transaction(async (tx) => {
      const buyerInvites = await tx
        .update(buyerInvitations)
        .set({ status: "revoked" })
        .where(
          and(sql`lower(${buyerInvitations.email}) = ${input.email}`, eq(buyerInvitations.status, "pending")),
        )
        .returning({ id: buyerInvitations.id });
      const teamInvites = await tx
        .update(teamInvitations)
        .set({ status: "revoked" })
        .where(
          and(sql`lower(${teamInvitations.email}) = ${input.email}`, eq(teamInvitations.status, "pending")),
        )
        .returning({ id: teamInvitations.id });
      return buyerInvites.length + teamInvites.length;
    });
    details.orphanedInvitationsRevoked = revoked;
  }
  try {
    const created = await createUserAccount(deps, input, "recreate");
    return { ...created, details };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("RECREATE_FAILED", "Failed to recreate user");
  }
}
