import { TEAM_MESSAGES, type TTeam } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { companies, teamInvitations, userRoles, users } from "../../db/schema";
import { AppError, conflict, notFound } from "../../lib/app-error";
import { html } from "../../lib/html";
import { newLinkToken } from "../../lib/tokens";
import type { TCompanyContext } from "../../plugins/tenant";
import { emailBrand, emailLayout, type TEmailBrand } from "../email";

type TTeamDeps = Pick<TDeps, "database" | "email" | "config">;
const INVITATION_DAYS = 7;

async function loadTeam(db: Db, companyId: string): Promise<TTeam> {
  const [company] = await db
    .select({ seats: companies.seats })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound("Company not found");
  const members = await db
    .select({ userId: userRoles.userId, email: users.email, name: users.name, role: userRoles.role })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.companyId, companyId))
    .orderBy(userRoles.createdAt);
  const pending = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.companyId, companyId), eq(teamInvitations.status, "pending")));
  const live = pending.filter((i) => i.expiresAt > new Date());
  return {
    seats: company.seats,
    used: members.length + live.length,
    members,
    invitations: live.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      expiresAt: i.expiresAt.toISOString(),
    })),
  };
}

/**
 * The company locked for the caller's transaction, with its team: one seat-taking change at a time per
 * company, so two of them (invitations, accounts made by a platform admin) cannot both take the last seat.
 */
async function lockSeats(tx: Db, companyId: string) {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for("update");
  if (!company) throw notFound("Company not found");
  return { company, team: await loadTeam(tx, companyId) };
}

function refuseWhenFull(team: TTeam) {
  if (team.used >= team.seats) {
    throw new AppError("SEAT_LIMIT", TEAM_MESSAGES.SEAT_LIMIT.replace("{seats}", String(team.seats)));
  }
}

/** Inside the transaction that adds a company user: 409 SEAT_LIMIT when the plan's seats are taken. */
export async function takeSeat(tx: Db, companyId: string): Promise<void> {
  refuseWhenFull((await lockSeats(tx, companyId)).team);
}

export const getTeam = (deps: TTeamDeps, ctx: TCompanyContext) => loadTeam(deps.database.db, ctx.companyId);

/** The team invitation, in the company's name and headed by its logo when it has one. */
export function teamInvitationEmailHtml(link: string, brand: TEmailBrand) {
  return emailLayout(
    `Join ${brand.name} on Leadpost`,
    html`<p>You have been invited to join ${brand.name}. The link is valid for ${INVITATION_DAYS} days.</p>`,
    { label: "Accept the invitation", url: link },
    brand,
  );
}

/** Invites by e-mail while a seat is free (members plus pending invitations count against seats). */
export async function inviteTeamMember(
  deps: TTeamDeps,
  ctx: TCompanyContext,
  input: { email: string; role: "org_admin" | "member" },
) {
  const { token, hash } = newLinkToken();
  const company = await deps.database.db.transaction(async (tx) => {
    // One invitation at a time per company, so two invites cannot both take the last seat.
    const { company, team } = await lockSeats(tx, ctx.companyId);
    if (team.members.some((m) => m.email.toLowerCase() === input.email))
      throw conflict(TEAM_MESSAGES.ALREADY_MEMBER);
    if (team.invitations.some((i) => i.email.toLowerCase() === input.email))
      throw conflict(TEAM_MESSAGES.ALREADY_INVITED);
    refuseWhenFull(team);
    await tx.insert(teamInvitations).values({
      companyId: ctx.companyId,
      email: input.email,
      role: input.role,
      tokenHash: hash,
      invitedBy: ctx.userId,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
    });
    return company;
  });
  const link = `${deps.config.publicUrl}/auth/register?team=${encodeURIComponent(token)}`;
  await deps.email.send({
    companyId: ctx.companyId,
    to: input.email,
    subject: `You're invited to join ${company.name} on Leadpost`,
    html: teamInvitationEmailHtml(link, emailBrand(deps.config.publicUrl, company)),
    kind: "team_invitation",
  });
  return loadTeam(deps.database.db, ctx.companyId);
}

async function memberRole(db: Db, companyId: string, userId: string) {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.companyId, companyId), eq(userRoles.userId, userId)));
  if (!row) throw notFound("Team member not found");
  return row.role;
}

export async function changeTeamRole(
  deps: TTeamDeps,
  ctx: TCompanyContext,
  userId: string,
  role: "org_admin" | "member",
) {
  const db = deps.database.db;
  if ((await memberRole(db, ctx.companyId, userId)) === "owner") {
    throw new AppError("FORBIDDEN", TEAM_MESSAGES.OWNER_ROLE_FIXED);
  }
  await db
    .update(userRoles)
    .set({ role })
    .where(and(eq(userRoles.companyId, ctx.companyId), eq(userRoles.userId, userId)));
  return loadTeam(db, ctx.companyId);
}

export async function removeTeamMember(deps: TTeamDeps, ctx: TCompanyContext, userId: string) {
  const db = deps.database.db;
  if ((await memberRole(db, ctx.companyId, userId)) === "owner") {
    throw new AppError("FORBIDDEN", TEAM_MESSAGES.OWNER_CANNOT_BE_REMOVED);
  }
  await db.delete(userRoles).where(and(eq(userRoles.companyId, ctx.companyId), eq(userRoles.userId, userId)));
  return loadTeam(db, ctx.companyId);
}

export async function revokeTeamInvitation(deps: TTeamDeps, ctx: TCompanyContext, id: string) {
  const done = await deps.database.db
    .update(teamInvitations)
    .set({ status: "revoked" })
    .where(
      and(
        eq(teamInvitations.id, id),
        eq(teamInvitations.companyId, ctx.companyId),
        eq(teamInvitations.status, "pending"),
      ),
    )
    .returning({ id: teamInvitations.id });
  if (done.length === 0) throw notFound("Invitation not found");
  return loadTeam(deps.database.db, ctx.companyId);
}
