import { CALL_ERROR_LEGEND, CALL_MESSAGES, SETTINGS_MESSAGES, type TCallDebugger } from "@leadpost/shared";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { callLogs, phoneNumbers } from "../../db/schema";
import { createTwilioClient, type TTwilioCall, TwilioError } from "../../integrations/twilio";
import type { TCompanyContext } from "../../plugins/tenant";
import { companyTwilio } from "./credentials";
import { assertCallCenterAdmin } from "./guard";

type TDebuggerDeps = Pick<TDeps, "database" | "secretBox" | "config">;
type TCheck = TCallDebugger["permissions"]["checks"][number];

/** Calls that ended without being answered, shown as local errors. */
const ERROR_STATUSES = ["failed", "no-answer", "busy", "canceled"] as const;
const PROVIDER_CALLS = 20;
const LOCAL_ERRORS = 50;

const meaningOf = (code: string) => CALL_ERROR_LEGEND.find((l) => l.code === code)?.meaning ?? null;

/** Twilio writes dates as RFC 2822; the API answers ISO 8601. */
function isoDate(value: string | null): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function numericCode(value: TTwilioCall["error_code"]): number | null {
  const n = Number(value);
  return value === null || value === undefined || value === "" || !Number.isFinite(n) ? null : n;
}

/** Twilio reaches the webhook only at a public https address. */
function webhookCheck(url: string): TCheck {
  let reachable = false;
  try {
    const { protocol, hostname } = new URL(url);
    reachable =
      protocol === "https:" &&
      hostname !== "localhost" &&
      !/^(127\.|10\.|192\.168\.|0\.)/.test(hostname) &&
      !hostname.endsWith(".local");
  } catch {
    reachable = false;
  }
  return {
    key: "webhook",
    label: "Webhook URL",
    ok: reachable,
    detail: reachable ? url : `${url} is not a public https address Twilio can reach`,
  };
}

function twilioFailure(err: unknown): string {
  if (err instanceof TwilioError) {
    if (err.status === 401 || err.status === 403) return SETTINGS_MESSAGES.TWILIO_INVALID;
    return `Twilio answered ${err.status}${err.code ? ` (error ${err.code})` : ""}: ${err.message}`;
  }
  return "Twilio could not be reached";
}

/**
 * The Debugger tab: whether the company's Twilio is set up (credentials present and accepted, an active
 * Twilio number, a webhook address Twilio can reach), Twilio's latest calls, and this company's calls that
 * failed, with the meaning of their codes. Without Twilio settings it still answers, with the checks failing.
 */
export async function callDebugger(deps: TDebuggerDeps, ctx: TCompanyContext): Promise<TCallDebugger> {
  assertCallCenterAdmin(ctx);
  const db = deps.database.db;
  const twilio = await companyTwilio(deps, ctx.companyId);
  const hasCredentials = Boolean(twilio?.accountSid && twilio.authToken);

  const [numbers] = await db
    .select({ n: count() })
    .from(phoneNumbers)
    .where(
      and(
        eq(phoneNumbers.companyId, ctx.companyId),
        eq(phoneNumbers.type, "twilio"),
        eq(phoneNumbers.isActive, true),
      ),
    );
  const activeNumbers = numbers?.n ?? 0;

  let apiAccessible = false;
  let apiDetail: string = CALL_MESSAGES.NOT_CONFIGURED;
  let providerCalls: TCallDebugger["providerCalls"] = [];
  let providerError: string | null = hasCredentials ? null : CALL_MESSAGES.NOT_CONFIGURED;
  if (twilio?.accountSid && hasCredentials) {
    const client = createTwilioClient(deps.config.twilio.apiBaseUrl, {
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
    });
    const [account, calls] = await Promise.allSettled([client.account(), client.listCalls(PROVIDER_CALLS)]);
    if (account.status === "fulfilled") {
      apiAccessible = true;
      apiDetail = `Connected to ${account.value.friendly_name || account.value.sid} (${account.value.status})`;
    } else {
      apiDetail = twilioFailure(account.reason);
    }
    if (calls.status === "fulfilled") {
      providerCalls = (calls.value.calls ?? []).map((call) => {
        const errorCode = numericCode(call.error_code);
        return {
          sid: call.sid,
          from: call.from,
          to: call.to,
          status: call.status,
          direction: call.direction ?? null,
          duration: call.duration === null || call.duration === undefined ? null : Number(call.duration),
          startTime: isoDate(call.start_time),
          errorCode,
          errorMessage:
            call.error_message ?? (errorCode === null ? null : (meaningOf(String(errorCode)) ?? null)),
        };
      });
    } else {
      providerError = twilioFailure(calls.reason);
    }
  }

  const webhookBase = twilio?.webhookBaseUrl ?? deps.config.publicUrl.replace(/\/$/, "");
  const checks: TCheck[] = [
    {
      key: "credentials",
      label: "Twilio credentials",
      ok: hasCredentials,
      detail: hasCredentials ? `Account SID ${twilio?.accountSid}` : CALL_MESSAGES.NOT_CONFIGURED,
    },
    { key: "api", label: "Credentials valid", ok: apiAccessible, detail: apiDetail },
    {
      key: "numbers",
      label: "Active Twilio number",
      ok: activeNumbers > 0,
      detail: activeNumbers > 0 ? `${activeNumbers} active Twilio number(s)` : "No active Twilio number",
    },
    webhookCheck(`${webhookBase}/api/twilio/voice`),
  ];

  // The provider's own error code for a call, when Twilio reported one.
  const providerCodes = new Map(providerCalls.map((c) => [c.sid, c]));
  const failed = await db
    .select()
    .from(callLogs)
    .where(and(eq(callLogs.companyId, ctx.companyId), inArray(callLogs.status, [...ERROR_STATUSES])))
    .orderBy(desc(callLogs.createdAt), desc(callLogs.id))
    .limit(LOCAL_ERRORS);
  const localErrors = failed.map((call) => {
    const provider = providerCodes.get(call.callSid);
    const code =
      provider?.errorCode != null
        ? String(provider.errorCode)
        : call.status === "no-answer" || call.status === "busy"
          ? call.status
          : null;
    const numeric = code !== null && /^\d+$/.test(code);
    return {
      id: call.id,
      callSid: call.callSid,
      status: call.status,
      fromNumber: call.fromNumber,
      toNumber: call.toNumber,
      errorCode: code,
      errorMessage:
        provider?.errorMessage ??
        (code ? meaningOf(code) : null) ??
        (call.status === "canceled" ? "Call canceled" : "Call failed"),
      moreInfo: numeric ? `https://www.twilio.com/docs/errors/${code}` : null,
      createdAt: call.createdAt.toISOString(),
    };
  });

  return {
    permissions: {
      accountSid: twilio?.accountSid ?? null,
      hasCredentials,
      apiAccessible,
      // Saved credentials Twilio refuses or cannot be reached with are not "Not Configured": say which.
      status: !hasCredentials
        ? CALL_MESSAGES.NOT_CONFIGURED
        : apiAccessible
          ? "Twilio Connected"
          : `Twilio credentials saved, but the check failed: ${apiDetail}`,
      checks,
    },
    providerCalls,
    providerError,
    localErrors,
    legend: CALL_ERROR_LEGEND.map((l) => ({ ...l })),
  };
}
