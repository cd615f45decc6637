import { eq } from "drizzle-orm";
import { niches, userRoles, users } from "../../src/db/schema";
import { signIn, type TTestContext } from "./test-app";

export const FIXTURE_PASSWORD = "Fixture!2026";

/** A registered, verified company owner with one niche, signed in. */
export async function createCompanyWithOwner(ctx: TTestContext, email: string, companyName = `${email} Co`) {
  const res = await ctx.request("/api/accounts/company", {
    method: "POST",
    json: {
      companyName,
      contactName: "Owner",
      phone: "3035550100",
      email,
      password: FIXTURE_PASSWORD,
      confirmPassword: FIXTURE_PASSWORD,
    },
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  // The answer names no ids (it is the same for a taken address): read them as the owner's role.
  const [made] = await ctx.database.db
    .select({ userId: users.id, companyId: userRoles.companyId })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!made) throw new Error(`registration of ${email} made no account (was the address taken?)`);
  const { companyId, userId } = made;
  await ctx.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
  const [niche] = await ctx.database.db
    .insert(niches)
    .values({ companyId, name: "Roofing", price: 40 })
    .returning();
  const cookie = await signIn(ctx, email, FIXTURE_PASSWORD);
  return { companyId, userId, nicheId: niche!.id, cookie };
}

/**
 * A user that belongs to no company, made by the auth service itself (its HTTP sign-up is closed):
 * stands for an account made elsewhere (another company's buyer, a Google sign-in). Sends the
 * verification e-mail like any new account.
 */
export async function createBareUser(ctx: TTestContext, email: string, password: string, name = "Test User") {
  await ctx.deps.auth.api.signUpEmail({ body: { email, password, name, callbackURL: "/auth/callback" } });
}
