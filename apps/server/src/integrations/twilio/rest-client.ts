/** Twilio REST (2010-04-01 API) with basic auth, against a configurable base URL (tests use a fake). */
export type TTwilioCredentials = { accountSid: string; authToken: string };

export type TTwilioCall = {
  sid: string;
  from: string;
  to: string;
  status: string;
  direction: string;
  duration: string | null;
  start_time: string | null;
  end_time: string | null;
  /** Present on calls that failed at Twilio (e.g. 21217, 13224, 21220). */
  error_code?: number | string | null;
  error_message?: string | null;
};

export class TwilioError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }
}

export function createTwilioClient(
  baseUrl: string,
  creds: TTwilioCredentials,
  fetchImpl: typeof fetch = fetch,
) {
  const auth = `Basic ${Buffer.from(`${creds.accountSid}:${creds.authToken}`).toString("base64")}`;
  const account = `${baseUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(creds.accountSid)}`;

  async function call<T>(
    path: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<T> {
    const res = await fetchImpl(`${account}${path}`, {
      method: init.method ?? "GET",
      headers: {
        Authorization: auth,
        Accept: "application/json",
        ...(init.form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as { message?: string; code?: number };
    if (!res.ok)
      throw new TwilioError(res.status, body.code ?? null, body.message ?? `Twilio answered ${res.status}`);
    return body as T;
  }

  return {
    /** The account itself: proves the credentials work. */
    account: () => call<{ sid: string; friendly_name: string; status: string }>(".json"),
    /** Recent calls of the account, newest first (the debugger). */
    listCalls: (pageSize = 20) => call<{ calls: TTwilioCall[] }>(`/Calls.json?PageSize=${pageSize}`),
    /** Ends a live call. */
    endCall: (callSid: string) =>
      call<TTwilioCall>(`/Calls/${encodeURIComponent(callSid)}.json`, {
        method: "POST",
        form: { Status: "completed" },
      }),
    /** The account's phone numbers matching a number (the number look-up). */
    findIncomingNumber: (phoneNumber: string) =>
      call<{ incoming_phone_numbers: { sid: string; phone_number: string; friendly_name: string }[] }>(
        `/IncomingPhoneNumbers.json?PhoneNumber=${encodeURIComponent(phoneNumber)}`,
      ),
    /** Recordings of a call. */
    listRecordings: (callSid: string) =>
      call<{ recordings: { sid: string; duration: string; uri: string }[] }>(
        `/Calls/${encodeURIComponent(callSid)}/Recordings.json`,
      ),
  };
}
export type TTwilioClient = ReturnType<typeof createTwilioClient>;
