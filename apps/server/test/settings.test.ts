import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TCompanySettings } from "@leadpost/shared";
import { SETTINGS_MESSAGES } from "@leadpost/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTransactionCount } from "../src/db/after-commit";
import { userRoles } from "../src/db/schema";
import { startGoogleGeocoderFake } from "./fakes/google-geocoder-fake";
import { startPayPalFake } from "./fakes/paypal-fake";
import { fakeResendDomain, startResendFake } from "./fakes/resend-fake";
import { startTwilioFake } from "./fakes/twilio-fake";
import { createBuyer, createUser, signInBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";
import { TEST_DATABASE_URL } from "./helpers/test-database";

const PAYPAL = { clientId: "AcmeLiveClient-000001", secret: "AcmeLivePaypalSecret-9911" };
const TWILIO = {
  sid: "AC0123456789abcdef0123456789abcdef",
  authToken: "twilio-token-secret-4455",
  friendlyName: "Acme Calls",
};
const RESEND_KEY = "re_live_resend_key_secret_7788";
const MAPS = {
  ok: "AIzaOkKey-000000001",
  zero: "AIzaZeroKey-00000002",
  denied: "AIzaDeniedKey-0003",
  over: "AIzaOverKey-00000004",
};
const SECRETS = {
  resendApiKey: RESEND_KEY,
  twilioAuthToken: TWILIO.authToken,
  googleMapsApiKey: MAPS.ok,
  stripeSecretKey: "sk_live_stripe_secret_1234",
  stripeTestSecretKey: "sk_test_stripe_secret_5678",
  paypalSecret: PAYPAL.secret,
  paypalSandboxSecret: "AcmeSandboxPaypalSecret-2222",
};

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let memberCookie: string;
let buyerCookie: string;
let paypal: Awaited<ReturnType<typeof startPayPalFake>>;
let resend: Awaited<ReturnType<typeof startResendFake>>;
let twilio: Awaited<ReturnType<typeof startTwilioFake>>;
let geocoder: Awaited<ReturnType<typeof startGoogleGeocoderFake>>;

const call = (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) =>
  ctx.request(`/api/settings${path}`, {
    method: init.method ?? "GET",
    json: init.json,
    cookie: init.cookie ?? acme.cookie,
  });
const ok = async <T>(res: Response) => {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as T;
};

beforeAll(async () => {
  paypal = await startPayPalFake(PAYPAL);
  resend = await startResendFake({ apiKey: RESEND_KEY });
  twilio = await startTwilioFake(TWILIO);
  geocoder = await startGoogleGeocoderFake({
    [MAPS.ok]: "OK",
    [MAPS.zero]: "ZERO_RESULTS",
    [MAPS.over]: "OVER_QUERY_LIMIT",
  });
  ctx = await createTestContext({
    PAYPAL_LIVE_API_URL: paypal.url,
    PAYPAL_SANDBOX_API_URL: paypal.url,
    RESEND_API_BASE_URL: resend.url,
    TWILIO_API_BASE_URL: twilio.url,
    GOOGLE_MAPS_API_BASE_URL: geocoder.url,
  });
  acme = await createCompanyWithOwner(ctx, "owner@acme-settings.test", "Acme Settings");
  const memberId = await createUser(ctx, "member@acme-settings.test");
  await ctx.database.db
    .insert(userRoles)
    .values({ userId: memberId, companyId: acme.companyId, role: "member" });
  memberCookie = await signInBuyer(ctx, "member@acme-settings.test");
  const buyerUser = await createUser(ctx, "buyer@acme-settings.test");
  await createBuyer(ctx, { companyId: acme.companyId, userId: buyerUser, email: "buyer@acme-settings.test" });
  buyerCookie = await signInBuyer(ctx, "buyer@acme-settings.test");
});
afterAll(async () => {
  await ctx.close();
  await Promise.all([paypal.close(), resend.close(), twilio.close(), geocoder.close()]);
});

const EVERY_CALL: { method: string; path: string; json?: unknown }[] = [
  { method: "GET", path: "/company" },
  { method: "PUT", path: "/company", json: { name: "Taken over" } },
  { method: "POST", path: "/sandbox-mode", json: { isSandboxMode: false } },
  { method: "POST", path: "/verify/paypal" },
  { method: "POST", path: "/verify/twilio", json: {} },
  { method: "POST", path: "/verify/maps", json: {} },
  { method: "POST", path: "/verify/resend", json: {} },
  { method: "POST", path: "/email/domain-status" },
  { method: "POST", path: "/email/test", json: { to: "x@example.com" } },
  { method: "GET", path: "/preferences" },
  { method: "GET", path: "/api-keys" },
  { method: "GET", path: "/backups" },
  { method: "GET", path: "/team" },
];

describe("settings access", () => {
  it("refuses members and buyers on every settings call with the 002 message", async () => {
    for (const who of [memberCookie, buyerCookie]) {
      for (const c of EVERY_CALL) {
        const res = await call(c.path, { method: c.method, json: c.json, cookie: who });
        expect(res.status, `${c.method} ${c.path}`).toBe(403);
        const body = (await res.json()) as { error: { message: string } };
        if (who === memberCookie) expect(body.error.message).toBe(SETTINGS_MESSAGES.ACCESS_DENIED);
      }
    }
    const anonymous = await ctx.request("/api/settings/company");
    expect(anonymous.status).toBe(401);
  });
});

describe("saving settings", () => {
  it("saves every tab and never answers a stored secret in full", async () => {
    const saved = await ok<TCompanySettings>(
      await call("/company", {
        method: "PUT",
        json: {
          name: "Acme Renamed",
          creditValueUsd: 2.5,
          emailDomain: "Acme.Example",
          adminEmail: "admin@acme.example",
          senderEmail: "leads@acme.example",
          twilioAccountSid: TWILIO.sid,
          twilioWebhookBaseUrl: "https://calls.acme.example/",
          mapboxToken: "pk.eyJ1IjoiYWNtZSJ9.token",
          stripePublishableKey: "pk_live_abc",
          paypalClientId: PAYPAL.clientId,
          paypalSandboxClientId: "AcmeSandboxClient-0002",
          ...SECRETS,
        },
      }),
    );
    expect(saved).toMatchObject({
      name: "Acme Renamed",
      creditValueUsd: 2.5,
      emailDomain: "acme.example",
      twilioWebhookBaseUrl: "https://calls.acme.example",
      resendApiKeyLast4: "7788",
      twilioAuthTokenLast4: "4455",
      paypalSecretLast4: "9911",
      googleMapsApiKeyLast4: MAPS.ok.slice(-4),
    });
    expect(saved.callForwardingUrl).toBe("https://calls.acme.example/api/twilio/voice");
    expect(saved.statusCallbackUrl).toBe(
      `https://calls.acme.example/api/twilio/status?company=${acme.companyId}`,
    );
    const again = await (await call("/company")).text();
    for (const secret of Object.values(SECRETS)) {
      expect(again).not.toContain(secret);
      expect(JSON.stringify(saved)).not.toContain(secret);
    }
    // A blank secret keeps the stored one.
    const kept = await ok<TCompanySettings>(
      await call("/company", { method: "PUT", json: { resendApiKey: "" } }),
    );
    expect(kept.resendApiKeyLast4).toBe("7788");
  });

  it("rejects a credit value under 0.01 and an empty name, naming the field", async () => {
    const low = await call("/company", { method: "PUT", json: { creditValueUsd: 0 } });
    expect(low.status).toBe(422);
    expect(await low.text()).toContain("Credit value must be at least 0.01");
    const empty = await call("/company", { method: "PUT", json: { name: " " } });
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain(SETTINGS_MESSAGES.NAME_REQUIRED);
  });

  it("switches sandbox and live mode", async () => {
    const live = await ok<TCompanySettings>(
      await call("/sandbox-mode", { method: "POST", json: { isSandboxMode: false } }),
    );
    expect(live.isSandboxMode).toBe(false);
    const back = await ok<TCompanySettings>(
      await call("/sandbox-mode", { method: "POST", json: { isSandboxMode: true } }),
    );
    expect(back.isSandboxMode).toBe(true);
  });
});

describe("preferences", () => {
  it("starts from the defaults and keeps what is saved", async () => {
    const initial = await ok<Record<string, unknown>>(await call("/preferences"));
    expect(initial).toEqual({
      country: "United States",
      currency: "USD",
      timezone: "America/New_York",
      hideCustomerName: false,
      hideCustomerPhone: false,
      hideCustomerAddress: false,
    });
    const saved = {
      ...initial,
      country: "Canada",
      currency: "CAD",
      timezone: "America/Chicago",
      hideCustomerPhone: true,
    };
    expect(await ok(await call("/preferences", { method: "PUT", json: saved }))).toEqual(saved);
    expect(await ok(await call("/preferences"))).toEqual(saved);
  });

  it("takes only the spec's countries, currencies and time zones, naming the field", async () => {
    const initial = await ok<Record<string, unknown>>(await call("/preferences"));
    const res = await call("/preferences", { method: "PUT", json: { ...initial, timezone: "Mars/Olympus" } });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain("Choose a timezone from the list");
    expect(await ok(await call("/preferences"))).toEqual(initial);
  });
});

describe("verify buttons against provider fakes", () => {
  it("PayPal: live verified, sandbox rejected by PayPal's OAuth endpoint", async () => {
    const result = await ok<{
      live: { success: boolean };
      sandbox: { success: boolean; error: { error_description: string } };
    }>(await call("/verify/paypal", { method: "POST" }));
    expect(result.live.success).toBe(true);
    expect(result.sandbox.success).toBe(false);
    expect(result.sandbox.error.error_description).toBe("Client Authentication failed");
  });

  it("Twilio: saved credentials verify, a wrong token is Invalid Twilio credentials, both are required", async () => {
    const good = await ok<{ valid: boolean; accountInfo: { friendlyName: string } }>(
      await call("/verify/twilio", { method: "POST", json: {} }),
    );
    expect(good.valid).toBe(true);
    expect(good.accountInfo.friendlyName).toBe("Acme Calls");
    const bad = await ok<{ valid: boolean; message: string }>(
      await call("/verify/twilio", { method: "POST", json: { authToken: "wrong-token-000000" } }),
    );
    expect(bad).toMatchObject({ valid: false, message: SETTINGS_MESSAGES.TWILIO_INVALID });
    twilio.state.failNext = 1;
    const down = await ok<{ valid: boolean; message: string }>(
      await call("/verify/twilio", { method: "POST", json: {} }),
    );
    expect(down).toMatchObject({ valid: false, message: SETTINGS_MESSAGES.TWILIO_VERIFY_FAILED });
  });

  it("Maps: OK, ZERO_RESULTS, REQUEST_DENIED, OVER_QUERY_LIMIT and a too-short key", async () => {
    const expected = {
      [MAPS.ok]: "OK",
      [MAPS.zero]: "ZERO_RESULTS",
      [MAPS.denied]: "REQUEST_DENIED",
      [MAPS.over]: "OVER_QUERY_LIMIT",
    };
    for (const [apiKey, status] of Object.entries(expected)) {
      const r = await ok<{ status: string; ok: boolean }>(
        await call("/verify/maps", { method: "POST", json: { apiKey } }),
      );
      expect(r.status).toBe(status);
      expect(r.ok).toBe(status === "OK");
    }
    const geocodes = geocoder.requests.map((r) => new URL(r.path, "http://x").searchParams.get("address"));
    expect(geocodes.every((a) => a === "Los Angeles, CA")).toBe(true);
    const short = await call("/verify/maps", { method: "POST", json: { apiKey: "short" } });
    expect(short.status).toBe(422);
    expect(await short.text()).toContain(SETTINGS_MESSAGES.MAPS_KEY_INVALID);
  });

  it("Resend: key verify, domain status with SPF/DKIM/DMARC, and a test e-mail through the key", async () => {
    expect(await ok(await call("/verify/resend", { method: "POST", json: {} }))).toEqual({
      valid: true,
      message: "API key is valid",
    });
    const wrong = await ok<{ valid: boolean }>(
      await call("/verify/resend", { method: "POST", json: { apiKey: "re_wrong_key_000" } }),
    );
    expect(wrong.valid).toBe(false);

    const missing = await ok<{ verified: boolean; message: string }>(
      await call("/email/domain-status", { method: "POST" }),
    );
    expect(missing.verified).toBe(false);
    resend.domains.push(fakeResendDomain("acme.example", { spf: true, dkim: false, dmarc: false }));
    const pending = await ok<Record<string, unknown>>(await call("/email/domain-status", { method: "POST" }));
    expect(pending).toMatchObject({
      verified: false,
      spf: true,
      dkim: false,
      dmarc: false,
      message: SETTINGS_MESSAGES.DOMAIN_NOT_VERIFIED,
    });
    resend.domains.splice(0, 1, fakeResendDomain("acme.example", { spf: true, dkim: true, dmarc: true }));
    const done = await ok<Record<string, unknown>>(await call("/email/domain-status", { method: "POST" }));
    expect(done).toMatchObject({
      verified: true,
      spf: true,
      dkim: true,
      dmarc: true,
      message: SETTINGS_MESSAGES.DOMAIN_VERIFIED,
    });

    const sent = await ok<{ sent: boolean }>(
      await call("/email/test", { method: "POST", json: { to: "check@acme.example" } }),
    );
    expect(sent.sent).toBe(true);
    expect(resend.sent.at(-1)).toMatchObject({
      to: ["check@acme.example"],
      from: expect.stringContaining("leads@acme.example"),
    });
  });
});

describe("a provider that is slow to answer", () => {
  it("is asked with no database transaction open: other requests answer meanwhile, on either database", async () => {
    // Resend's domains API answering only after the probe ran: another company request (on the embedded
    // database it needs the one connection), and on PostgreSQL the count of open, idle transactions.
    let slowCtx: TTestContext | undefined;
    let cookie = "";
    const probes: { open: number; other: string; idleInTransaction: number | null }[] = [];
    const slow = createServer(async (_req, res) => {
      const app = slowCtx!;
      // No transaction of the server is open while it waits for this answer; another request is then
      // not held up either (with one open, on the embedded database it would wait for this answer).
      const open = openTransactionCount();
      const other =
        open === 0
          ? await app.request("/api/company/display-preferences", { cookie }).then((r) => `${r.status}`)
          : "not asked: a transaction is open";
      const idleInTransaction = TEST_DATABASE_URL
        ? (
            (await app.database.db.execute(
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'idle in transaction'`,
            )) as unknown as { rows: { n: number }[] }
          ).rows[0]!.n
        : null;
      probes.push({ open, other, idleInTransaction });
      res.writeHead(401, { "content-type": "application/json" }).end('{"message":"API key is invalid"}');
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const port = (slow.address() as AddressInfo).port;
    slowCtx = await createTestContext({ RESEND_API_BASE_URL: `http://127.0.0.1:${port}` });
    try {
      cookie = (await createCompanyWithOwner(slowCtx, "owner@slow-provider.test", "Slow Provider Co")).cookie;
      const res = await slowCtx.request("/api/settings/verify/resend", {
        method: "POST",
        cookie,
        json: { apiKey: "re_slow_key_000000", email: "sales@slow.example.com" },
      });
      expect(await res.json()).toEqual({ valid: false, message: "API key is invalid" });
    } finally {
      await slowCtx.close();
      slow.close();
    }
    expect(probes).toEqual([{ open: 0, other: "200", idleInTransaction: TEST_DATABASE_URL ? 0 : null }]);
  });
});

describe("company logo", () => {
  const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
  const upload = (bytes: Uint8Array, name: string, type: string, cookie = acme.cookie) => {
    const body = new FormData();
    body.set("file", new File([bytes], name, { type }));
    return ctx.request("/api/settings/logo", { method: "POST", body, cookie });
  };

  it("stores an image as the company's logo, refuses anything else and other roles, and removes it", async () => {
    const svg = await upload(new TextEncoder().encode("<svg onload=alert(1)>"), "logo.svg", "image/svg+xml");
    expect(svg.status).toBe(422);
    expect(((await svg.json()) as { error: { message: string } }).error.message).toBe(
      SETTINGS_MESSAGES.LOGO_NOT_IMAGE,
    );
    expect((await upload(PNG, "logo.png", "image/png", memberCookie)).status).toBe(403);

    const ok = await upload(PNG, "logo.png", "image/png");
    expect(ok.status).toBe(200);
    const { logoUrl, message } = (await ok.json()) as { logoUrl: string; message: string };
    expect(message).toBe(SETTINGS_MESSAGES.LOGO_UPLOADED);
    expect(logoUrl).toMatch(/company-logos\/.+\.png$/);
    const settings = (await (await call("/company")).json()) as TCompanySettings;
    expect(settings.logoUrl).toBe(logoUrl);
    // Served back as the stored image.
    const served = await ctx.request(new URL(logoUrl, "http://localhost").pathname);
    expect(served.headers.get("content-type")).toBe("image/png");

    const big = await upload(new Uint8Array(5 * 1024 * 1024 + 10).fill(1), "big.png", "image/png");
    expect(big.status).toBe(413);
    expect(await big.text()).toContain(SETTINGS_MESSAGES.LOGO_TOO_LARGE);

    const removed = await ctx.request("/api/settings/logo", { method: "DELETE", cookie: acme.cookie });
    expect(removed.status).toBe(200);
    expect(((await (await call("/company")).json()) as TCompanySettings).logoUrl).toBeNull();
  });
});
