import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { users } from "../src/db/schema";
import { html } from "../src/lib/html";
import { createBareUser, createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, signIn, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let owner: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: "1", PLATFORM_ADMIN_EMAILS: "root@platform.test" });
  owner = await createCompanyWithOwner(ctx, "owner@mailbox.test", "Mailbox Co");
  await createBareUser(ctx, "root@platform.test", "Str0ng!pass");
  await ctx.database.db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, "root@platform.test"));
  adminCookie = await signIn(ctx, "root@platform.test", "Str0ng!pass");
  await ctx.deps.email.send({
    to: "victim@example.com",
    subject: "Reset",
    html: html`<p>secret</p>`,
    kind: "test",
  });
});
afterAll(() => ctx.close());

const REMOTE = "203.0.113.40";

describe("development mailbox", () => {
  it("is refused to a non-admin from another address, even one claiming loopback in X-Forwarded-For", async () => {
    for (const path of ["/dev/mailbox", "/dev/mailbox.json"]) {
      const anonymous = await ctx.request(path, { remoteAddress: REMOTE });
      expect(anonymous.status).toBe(403);
      const signedIn = await ctx.request(path, { remoteAddress: REMOTE, cookie: owner.cookie });
      expect(signedIn.status).toBe(403);
      expect(await signedIn.text()).not.toContain("victim@example.com");
      // Behind the trusted proxy the client address would be 127.0.0.1; the mailbox reads the socket.
      const forged = await ctx.request(path, {
        remoteAddress: "10.0.0.2",
        headers: { "x-forwarded-for": "127.0.0.1" },
      });
      expect(forged.status).toBe(403);
    }
  });

  it("answers callers on this machine and signed-in platform admins anywhere", async () => {
    const local = await ctx.request("/dev/mailbox.json?to=victim@example.com", {
      remoteAddress: "127.0.0.1",
    });
    expect(local.status).toBe(200);
    const v6 = await ctx.request("/dev/mailbox.json", { remoteAddress: "::1" });
    expect(v6.status).toBe(200);
    const admin = await ctx.request("/dev/mailbox.json", { remoteAddress: REMOTE, cookie: adminCookie });
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain("victim@example.com");
  });

  it("tells the web app it is on (for the banner), and is never on in production", async () => {
    const health = (await (await ctx.request("/api/health")).json()) as { devMailbox: boolean };
    expect(health.devMailbox).toBe(true);
    const prod = createApp(
      { ...ctx.deps, config: { ...ctx.deps.config, isProduction: true } },
      { serveWeb: false },
    );
    const env = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };
    expect((await prod.request("/dev/mailbox.json", {}, env)).status).toBe(404);
    const prodHealth = (await (await prod.request("/api/health")).json()) as { devMailbox: boolean };
    expect(prodHealth.devMailbox).toBe(false);
  });
});
