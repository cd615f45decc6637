import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { authEvents, profiles, userRoles, users } from "../../db/schema";
import type { TLogger } from "../../lib/logger";

export type TAuthEventInput = {
  eventType: "signup" | "login" | "logout";
  status: "success" | "error";
  email: string | null;
  userId?: string | null;
  errorMessage?: string | null;
  ipAddress: string | null;
  userAgent: string | null;
};

/** Writes one auth event with the user's company (best effort: never fails the sign-in itself). */
export async function recordAuthEvent(db: Db, logger: TLogger, input: TAuthEventInput): Promise<void> {
  try {
    const email = input.email?.trim().toLowerCase() ?? null;
    let userId = input.userId ?? null;
    if (!userId && email) {
      const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      userId = u?.id ?? null;
    }
    let companyId: string | null = null;
    if (userId) {
      const [role] = await db
        .select({ companyId: userRoles.companyId })
        .from(userRoles)
        .where(eq(userRoles.userId, userId))
        .limit(1);
      const [profile] = role
        ? []
        : await db
            .select({ companyId: profiles.companyId })
            .from(profiles)
            .where(eq(profiles.id, userId))
            .limit(1);
      companyId = role?.companyId ?? profile?.companyId ?? null;
    }
    await db.insert(authEvents).values({
      userId,
      email,
      companyId,
      eventType: input.eventType,
      status: input.status,
      errorMessage: input.errorMessage?.slice(0, 500) ?? null,
      ipAddress: input.ipAddress,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
    });
  } catch (err) {
    logger.warn({ err }, "could not record auth event");
  }
}
