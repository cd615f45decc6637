import { AUTH_ERROR_MESSAGES, type TCompanyRegistration } from "@leadpost/shared";
import { eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { accounts, companies, companyPreferences, profiles, userRoles, users } from "../../db/schema";
import { AppError, conflict, notFound } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import { hashPassword, recordAuthEvent } from "../auth";

export const TRIAL_DAYS = 14;
export const TRIAL_SEATS = 2;

type TRequestMeta = { ipAddress: string | null; userAgent: string | null };

/**
 * Creates the user, the company (14-day trial, 2 seats), the owner role and the profile in one
 * transaction, then e-mails the verification link. Nothing is left half-made on failure.
 */
export async function registerCompany(
  deps: Pick<TDeps, "database" | "auth" | "logger">,
  input: TCompanyRegistration,
  meta: TRequestMeta,
) {
  const db = deps.database.db;
  const fail = async (error: AppError) => {
    await recordAuthEvent(db, deps.logger, {
      eventType: "signup",
      status: "error",
      email: input.email,
      errorMessage: error.message,
      ...meta,
    });
    return error;
  };

  const [existingCompany] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.adminEmail, input.email))
    .limit(1);
  if (existingCompany) throw await fail(conflictWithCode("COMPANY_EXISTS"));
  const [existingUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  if (existingUser) throw await fail(conflictWithCode("USER_EXISTS"));

  const passwordHash = await hashPassword(input.password);
  let created: { userId: string; companyId: string };
  try {
    created = await db.transaction(async (tx) => createCompanyAccount(tx, input, passwordHash));
  } catch (err) {
    // Two registrations racing for one address: the loser gets the same answer as above.
    if (isUniqueViolation(err)) throw await fail(conflictWithCode("USER_EXISTS"));
    throw err;
  }

  await recordAuthEvent(db, deps.logger, {
    eventType: "signup",
    status: "success",
    email: input.email,
    userId: created.userId,
    ...meta,
  });
  let verificationSent = true;
  try {
    await deps.auth.api.sendVerificationEmail({
      body: { email: input.email, callbackURL: "/auth/callback" },
    });
  } catch (err) {
    // The account exists; the user can ask for the link again from the login page.
    verificationSent = false;
    deps.logger.warn({ err }, "verification e-mail failed after registration");
  }
  return { ...created, email: input.email, verificationSent };
}

async function createCompanyAccount(tx: Db, input: TCompanyRegistration, passwordHash: string) {
  const [user] = await tx
    .insert(users)
    .values({ email: input.email, name: input.contactName, emailVerified: false })
    .returning({ id: users.id });
  if (!user) throw new Error("user insert returned nothing");
  await tx
    .insert(accounts)
    .values({ accountId: user.id, providerId: "credential", userId: user.id, password: passwordHash });
  const [company] = await tx
    .insert(companies)
    .values({
      name: input.companyName,
      adminEmail: input.email,
      senderName: input.companyName,
      subscriptionTier: "free",
      seats: TRIAL_SEATS,
      trialExpiresAt: new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
    })
    .returning({ id: companies.id });
  if (!company) throw new Error("company insert returned nothing");
  await tx.insert(userRoles).values({ userId: user.id, companyId: company.id, role: "owner" });
  await tx
    .insert(profiles)
    .values({ id: user.id, companyId: company.id, fullName: input.contactName, phoneNumber: input.phone });
  await tx.insert(companyPreferences).values({ companyId: company.id });
  return { userId: user.id, companyId: company.id };
}

function conflictWithCode(code: "COMPANY_EXISTS" | "USER_EXISTS") {
  const error = conflict(AUTH_ERROR_MESSAGES[code]);
  return new AppError(code, error.status, error.message);
}

/** The name and logo a company shows on its buyer-facing sign-in pages. */
export async function companyBranding(db: Db, companyId: string) {
  const [company] = await db
    .select({ name: companies.name, logoUrl: companies.logoUrl })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound("Company not found");
  return company;
}
