import { describe, expect, it } from "vitest";
import { ConfigError, DEMO_PLATFORM_ADMIN_EMAIL, loadConfig } from "./config";

describe("loadConfig", () => {
  it("gives working defaults for a newcomer", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe("./data");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.platformAdminEmails).toEqual([DEMO_PLATFORM_ADMIN_EMAIL]);
  });

  it("lists every bad setting by name in one readable error", () => {
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", PLATFORM_ADMIN_EMAILS: "a@b.co, nope" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const message = (err as ConfigError).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL: must start with postgres://");
      expect(message).toContain("PLATFORM_ADMIN_EMAILS");
    }
  });

  it("requires secrets and a public URL in production, and no demo admin there", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET: required in production/);
    const config = loadConfig({
      NODE_ENV: "production",
      AUTH_SECRET: "x".repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
      PUBLIC_URL: "https://leads.example.com/",
      SMTP_URL: "smtp://mail.example.com:587",
    });
    expect(config.platformAdminEmails).toEqual([]);
    expect(config.seedDemo).toBe(false);
    expect(config.publicUrl).toBe("https://leads.example.com");
  });

  it("normalises the platform admin list", () => {
    expect(
      loadConfig({ PLATFORM_ADMIN_EMAILS: " Root@Example.com ,ops@example.com" }).platformAdminEmails,
    ).toEqual(["root@example.com", "ops@example.com"]);
  });
});
