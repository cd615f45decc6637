import { z } from "zod";
import type { TS3Settings } from "../integrations/storage/types";
import { parseTrustProxy, type TTrustProxy } from "../plugins/client-address";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const emailList = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: "must be a comma-separated list of e-mail addresses" })));

/** The demo data's platform admin; only used outside production when nothing is configured. */
export const DEMO_PLATFORM_ADMIN_EMAIL = "admin@leadpost.test";

const ZEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://app.example.com" }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_BACKGROUND_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(4),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, "must be 32 bytes in base64 (openssl rand -base64 32)")
    .optional(),
  PLATFORM_ADMIN_EMAILS: emailList.optional(),
  SEED_DEMO: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z.string().default("false"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Leadpost <no-reply@leadpost.local>"),
  RESEND_API_BASE_URL: z.url().default("https://api.resend.com"),
  TWILIO_API_BASE_URL: z.url().default("https://api.twilio.com"),
  RESEND_API_KEY: z.string().min(1).optional(),
  MAIL_CLAIM_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  ROUTING_POLL_SECONDS: z.coerce.number().min(0.05).max(600).default(5),
  ROUTING_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
  /** A backup is written to the storage in parts of this many bytes (and read back one part at a time). */
  BACKUP_PART_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(512 * 1024 * 1024)
    .default(8 * 1024 * 1024),
  FILE_CLEANUP_GRACE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z.url().default("https://accounts.google.com/.well-known/openid-configuration"),
  PAYPAL_SANDBOX_API_URL: z.url().default("https://api-m.sandbox.paypal.com"),
  PAYPAL_LIVE_API_URL: z.url().default("https://api-m.paypal.com"),
  FORM_SUBMISSIONS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(20),
  FORM_SUBMISSIONS_PER_FORM_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(600),
  SIGN_INS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url().optional(),
  GOOGLE_MAPS_API_BASE_URL: z.url().default("https://maps.googleapis.com"),
  LEAD_DELIVERY_TIMEOUT_SECONDS: z.coerce.number().min(0.01).max(120).default(10),
  LEAD_DELIVERY_ALLOWED_HOSTS: z.string().optional(),
});

export type TConfig = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Connections of the routing worker and the job handlers, apart from the requests' (PostgreSQL). */
  databaseBackgroundPoolSize: number;
  authSecret: string | undefined;
  encryptionKey: string | undefined;
  platformAdminEmails: string[];
  seedDemo: boolean;
  logLevel: string;
  webDistDir: string | undefined;
  /** Which proxies may report the client IP in X-Forwarded-For (plugins/client-address.ts). */
  trustProxy: TTrustProxy;
  mail: {
    smtpUrl: string | undefined;
    from: string;
    resendBaseUrl: string;
    /** The platform's own Resend key (companies may bring theirs). */
    resendApiKey?: string;
    /** A message claimed for sending by an instance that stopped is sent again after this long. */
    claimSeconds: number;
  };
  /** How long a stopping server waits for requests and jobs in flight. */
  shutdownTimeoutMs: number;
  /**
   * The routing worker: woken by NOTIFY (any instance's submission), it also looks every `pollMs` (the
   * fallback); a claim it made is taken over by another instance after `leaseMs` (its server died).
   */
  routing: { pollMs: number; leaseMs: number };
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | null;
  /** PayPal REST base URLs per company mode (a local fake in tests). */
  paypal: { sandboxBaseUrl: string; liveBaseUrl: string };
  /** Twilio REST base URL (a local fake in tests). */
  twilio: { apiBaseUrl: string };
  /** Public form submissions allowed per minute from one client address, and into one form. */
  formSubmissionLimits: { perIpPerMinute: number; perFormPerMinute: number };
  /** Sign-in attempts (password or Google) per client address per minute. */
  signInsPerIpPerMinute: number;
  /** Uploaded files: an S3-compatible bucket when S3_BUCKET is set, else the local disk under DATA_DIR. */
  storage: {
    s3: TS3Settings | null;
    /** A stored file no row references is deleted once it is this old (the `file-cleanup` job). */
    orphanGraceMs: number;
    /** Size of the parts a backup file is stored in (BACKUP_PART_BYTES). */
    backupPartBytes: number;
  };
  /** Twilio REST base URL (a local fake in tests). */
  /** Google Maps web services base URL, used to test a company's maps key. */
  googleMapsBaseUrl: string;
  /**
   * Delivery into buyers' systems (docs/lead-delivery.md): how long one attempt may take, and the hosts
   * exempt from the address checks (development and tests only: refused in production).
   */
  leadDelivery: { timeoutMs: number; allowedHosts: string[] };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** Reads and validates the environment once; a bad setting stops the server with a readable list. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ZEnvSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  const problems: string[] = [];
  if (isProduction && !e.AUTH_SECRET) problems.push("AUTH_SECRET: required in production");
  if (isProduction && !e.ENCRYPTION_KEY) problems.push("ENCRYPTION_KEY: required in production");
  if (isProduction && !e.PUBLIC_URL) problems.push("PUBLIC_URL: required in production");
  if (isProduction && !e.SMTP_URL && !e.RESEND_API_KEY) {
    problems.push(
      "SMTP_URL or RESEND_API_KEY: production needs a mail server, or nobody can verify an account or reset a password",
    );
  }
  let trustProxy: TTrustProxy = { mode: "off" };
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY);
  } catch (err) {
    problems.push(`TRUST_PROXY: ${(err as Error).message}`);
  }
  if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: required with S3_BUCKET");
  }
  const deliveryHosts = (e.LEAD_DELIVERY_ALLOWED_HOSTS ?? "")
    .split(",")
    .map((h) =>
      h
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, ""),
    )
    .filter(Boolean);
  if (isProduction && deliveryHosts.length > 0) {
    problems.push(
      "LEAD_DELIVERY_ALLOWED_HOSTS: development and tests only; production never delivers to private addresses",
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const s3Endpoint = (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(/\/$/, "");

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseBackgroundPoolSize: e.DATABASE_BACKGROUND_POOL_SIZE,
    authSecret: e.AUTH_SECRET,
    encryptionKey: e.ENCRYPTION_KEY,
    platformAdminEmails: e.PLATFORM_ADMIN_EMAILS ?? (isProduction ? [] : [DEMO_PLATFORM_ADMIN_EMAIL]),
    seedDemo: e.SEED_DEMO ?? !isProduction,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    trustProxy,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      resendBaseUrl: e.RESEND_API_BASE_URL,
      resendApiKey: e.RESEND_API_KEY,
      claimSeconds: e.MAIL_CLAIM_SECONDS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    routing: { pollMs: e.ROUTING_POLL_SECONDS * 1000, leaseMs: e.ROUTING_LEASE_SECONDS * 1000 },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL,
          }
        : null,
    twilio: { apiBaseUrl: e.TWILIO_API_BASE_URL.replace(/\/$/, "") },
    paypal: {
      sandboxBaseUrl: e.PAYPAL_SANDBOX_API_URL.replace(/\/$/, ""),
      liveBaseUrl: e.PAYPAL_LIVE_API_URL.replace(/\/$/, ""),
    },
    formSubmissionLimits: {
      perIpPerMinute: e.FORM_SUBMISSIONS_PER_IP_PER_MINUTE,
      perFormPerMinute: e.FORM_SUBMISSIONS_PER_FORM_PER_MINUTE,
    },
    signInsPerIpPerMinute: e.SIGN_INS_PER_IP_PER_MINUTE,
    storage: {
      s3:
        e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              endpoint: s3Endpoint,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              publicBaseUrl: e.S3_PUBLIC_URL ?? `${s3Endpoint}/${e.S3_BUCKET}`,
            }
          : null,
      orphanGraceMs: e.FILE_CLEANUP_GRACE_HOURS * 60 * 60 * 1000,
      backupPartBytes: e.BACKUP_PART_BYTES,
    },
    googleMapsBaseUrl: e.GOOGLE_MAPS_API_BASE_URL.replace(/\/$/, ""),
    leadDelivery: {
      timeoutMs: Math.round(e.LEAD_DELIVERY_TIMEOUT_SECONDS * 1000),
      allowedHosts: deliveryHosts,
    },
  };
}
