/**
 * Twilio REST: GET /2010-04-01/Accounts/{Sid}.json with HTTP Basic auth (SID and auth token), which
 * answers the account (friendly_name, status) or 401 when the pair is wrong. Base URL is configurable.
 */
export type TTwilioAccount = { sid: string; friendlyName: string; status: string };

export type TTwilioAccountResult =
  | { ok: true; account: TTwilioAccount }
  | { ok: false; reason: "invalid" | "unreachable"; status: number };

export async function fetchTwilioAccount(opts: {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  timeoutMs?: number;
}): Promise<TTwilioAccountResult> {
  const basic = Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString("base64");
  let res: Response;
  try {
    res = await fetch(`${opts.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}.json`, {
      headers: { authorization: `Basic ${basic}`, accept: "application/json" },
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
  } catch {
    return { ok: false, reason: "unreachable", status: 0 };
  }
  const body = (await res.json().catch(() => ({}))) as {
    sid?: string;
    friendly_name?: string;
    status?: string;
  };
  if (res.status === 401 || res.status === 403 || res.status === 404) {
    return { ok: false, reason: "invalid", status: res.status };
  }
  if (!res.ok) return { ok: false, reason: "unreachable", status: res.status };
  return {
    ok: true,
    account: {
      sid: body.sid ?? opts.accountSid,
      friendlyName: body.friendly_name ?? "",
      status: body.status ?? "active",
    },
  };
}
