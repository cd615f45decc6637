import {
  AUTH_ERROR_MESSAGES,
  type TCompanyRegistration,
  type TCompanyRegistrationResult,
} from "@leadpost/shared";
import { eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { accounts, companies, companyPreferences, profiles, userRoles, users } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import { hashPassword, recordAuthEvent, registrationAttemptEmail } from "../auth";

export const TRIAL_DAYS = 14;
export const TRIAL_SEATS = 2;

type TRequestMeta = { ipAddress: string | null; userAgent: string | null };

/**
 * Creates the user, the company (14-day trial, 2 seats), the owner role and the profile in one
 * transaction, then e-mails the verification link. Nothing is left half-made on failure.
 *
 * An address that already has an account or a company gets the same answer, after the same work (the
 * password is hashed either way), and its owner an e-mail saying someone tried: the answer never tells
 * a stranger whether an address is registered (docs/security.md "Registration").
 */
export async function registerCompany(
  deps: Pick<TDeps, "database" | "auth" | "logger" | "email" | "config">,
  input: TCompanyRegistration,
  meta: TRequestMeta,
): Promise<TCompanyRegistrationResult> {
  const db = deps.database.db;
  /**
   * The verification step both answers go through: better-auth's endpoint answers a verified or unknown
   * address after the same 500 ms floor as an unverified one (which gets its link again), so the time
   * tells nothing either.
   */
  const verificationStep = async () => {
    try {
      await deps.auth.api.sendVerificationEmail({
        body: { email: input.email, callbackURL: "/auth/callback" },
      });
      return true;
    } catch (err) {
      // The account exists; the user can ask for the link again from the login page.
      deps.logger.warn({ err }, "verification e-mail failed after registration");
      return false;
    }
  };
  const taken = async (code: "COMPANY_EXISTS" | "USER_EXISTS") => {
    await recordAuthEvent(db, deps.logger, {
      eventType: "signup",
      status: "error",
      email: input.email,
      errorMessage: AUTH_ERROR_MESSAGES[code],
      ...meta,
    });
    const told = await deps.email
      .send({
        to: input.email,
        kind: "registration_attempt",
        ...registrationAttemptEmail(deps.config.publicUrl),
      })
      .then(
        () => true,
        (err) => {
          deps.logger.warn({ err }, "registration-attempt e-mail could not be stored");
          return false;
        },
      );
    const verified = await verificationStep();
    return { email: input.email, verificationSent: told && verified };
  };

  const [existingCompany] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.adminEmail, input.email))
    .limit(1);
  const [existingUser] = existingCompany
    ? []
    : await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);

  // Hashed whether or not the account is made: both answers cost the same.
  const passwordHash = await hashPassword(input.password);
  if (existingCompany) return taken("COMPANY_EXISTS");
  if (existingUser) return taken("USER_EXISTS");
  let created: { userId: string; companyId: string };
  try {
    created = await db.transaction(async (tx) => createCompanyAccount(tx, input, passwordHash));
  } catch (err) {
    // Two registrations racing for one address: the loser is answered like any taken address.
    if (isUniqueViolation(err)) return taken("USER_EXISTS");
    throw err;
  }

  await recordAuthEvent(db, deps.logger, {
    eventType: "signup",
    status: "success",
    email: input.email,
    userId: created.userId,
    ...meta,
  });
  return { email: input.email, verificationSent: await verificationStep() };
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

/** The name and logo a company shows on its buyer-facing sign-in pages. */
export async function companyBranding(db: Db, companyId: string) {
  const [company] = await db
    .select({ name: companies.name, logoUrl: companies.logoUrl })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound("Company not found");
  return company;
}
