import { randomBytes } from "node:crypto";
import twilio from "twilio";
import { sendJson, startHttpFake } from "./http-fake";

/** A call as Twilio's 2010-04-01 Calls resource shows it (the fields our client reads, and a few more). */
export type TFakeTwilioCall = {
  sid: string;
  account_sid: string;
  from: string;
  to: string;
  status: string;
  direction: string;
  duration: string | null;
  start_time: string | null;
  end_time: string | null;
  date_created: string;
  date_updated: string;
  /** Set when the call failed at Twilio (21217, 13224, 21220 …). */
  error_code?: number | null;
  error_message?: string | null;
};
export type TFakeTwilioRecording = {
  sid: string;
  call_sid: string;
  duration: string;
  uri: string;
  /** The audio served at the recording's media address. */
  audio: Buffer;
};
export type TFakeTwilioNumber = {
  sid: string;
  phone_number: string;
  friendly_name: string;
  voice_url: string | null;
  voice_method: string;
  status_callback: string | null;
  status_callback_method: string;
};

/** Twilio writes dates as RFC 2822: "Mon, 23 Nov 2026 13:00:00 +0000". */
export const twilioDate = (d: Date) => d.toUTCString().replace("GMT", "+0000");

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

const TWILIO_401 = {
  code: 20003,
  message: "Authenticate",
  more_info: "https://www.twilio.com/docs/errors/20003",
  status: 401,
};
const notFound = (path: string) => ({
  code: 20404,
  message: `The requested resource ${path} was not found`,
  more_info: "https://www.twilio.com/docs/errors/20404",
  status: 404,
});

/** A page of a list resource, with Twilio's paging fields around the items. */
function page(key: string, uri: string, items: unknown[], pageSize: number) {
  return {
    [key]: items.slice(0, pageSize),
    first_page_uri: `${uri}?PageSize=${pageSize}&Page=0`,
    end: Math.max(Math.min(items.length, pageSize) - 1, 0),
    previous_page_uri: null,
    next_page_uri: null,
    page: 0,
    page_size: pageSize,
    start: 0,
    uri: `${uri}?PageSize=${pageSize}&Page=0`,
  };
}

/**
 * A local Twilio: the REST endpoints our client uses (account fetch, Calls list, ending a call with
 * Status=completed, a call's recordings and a recording's media, IncomingPhoneNumbers list and update),
 * each behind HTTP Basic auth
 * with the account SID and auth token (401 with Twilio's error 20003 otherwise), answering Twilio's JSON
 * shapes; and the signing side of webhooks: it signs requests with the auth token the way Twilio does
 * and can place a simulated inbound call by posting the signed voice webhook to a URL.
 */
export async function startTwilioFake(account: { sid: string; authToken: string; friendlyName?: string }) {
  const calls: TFakeTwilioCall[] = [];
  const recordings: TFakeTwilioRecording[] = [];
  const numbers: TFakeTwilioNumber[] = [];
  const state = { failNext: 0 };
  const accountPath = `/2010-04-01/Accounts/${account.sid}`;

  const fake = await startHttpFake((req, res) => {
    const url = new URL(req.path, "http://twilio.local");
    const path = decodeURIComponent(url.pathname);
    if (!path.startsWith("/2010-04-01/Accounts/")) return sendJson(res, 404, notFound(path));
    const expected = `Basic ${Buffer.from(`${account.sid}:${account.authToken}`).toString("base64")}`;
    const pathSid = path.split("/")[3]?.replace(/\.json$/, "");
    if (req.headers.authorization !== expected || pathSid !== account.sid) {
      return sendJson(res, 401, TWILIO_401);
    }
    if (state.failNext > 0) {
      state.failNext--;
      return sendJson(res, 503, {
        code: 20503,
        message: "Service unavailable",
        more_info: "https://www.twilio.com/docs/errors/20503",
        status: 503,
      });
    }
    const pageSize = Math.min(Math.max(Number(url.searchParams.get("PageSize")) || 50, 1), 1000);
    const rest = path.slice(accountPath.length);

    if (req.method === "GET" && rest === ".json") {
      return sendJson(res, 200, {
        sid: account.sid,
        friendly_name: account.friendlyName ?? "Fake account",
        status: "active",
        type: "Full",
        owner_account_sid: account.sid,
        date_created: "Mon, 01 Jun 2026 00:00:00 +0000",
        uri: `${accountPath}.json`,
      });
    }
    if (req.method === "GET" && rest === "/Calls.json") {
      const newest = [...calls].sort((a, b) => Date.parse(b.date_created) - Date.parse(a.date_created));
      return sendJson(res, 200, page("calls", `${accountPath}/Calls.json`, newest, pageSize));
    }
    const callMatch = /^\/Calls\/([^/]+)\.json$/.exec(rest);
    if (callMatch) {
      const call = calls.find((c) => c.sid === callMatch[1]);
      if (!call) return sendJson(res, 404, notFound(path));
      if (req.method === "GET") return sendJson(res, 200, call);
      if (req.method === "POST") {
        const form = new URLSearchParams(req.body);
        const status = form.get("Status");
        if (status && status !== "completed" && status !== "canceled") {
          return sendJson(res, 400, {
            code: 21218,
            message: "Invalid CallStatus",
            more_info: "https://www.twilio.com/docs/errors/21218",
            status: 400,
          });
        }
        if (status && ["queued", "ringing", "in-progress", "initiated"].includes(call.status)) {
          const now = new Date();
          call.status = status;
          call.end_time = twilioDate(now);
          call.date_updated = twilioDate(now);
          const started = call.start_time ? Date.parse(call.start_time) : now.getTime();
          call.duration = String(Math.max(0, Math.round((now.getTime() - started) / 1000)));
        }
        return sendJson(res, 200, call);
      }
    }
    // A recording's media: Twilio serves the audio at the resource's address with .mp3 (or .wav).
    const mediaMatch = /^\/Recordings\/([^/]+)\.(mp3|wav)$/.exec(rest);
    if (req.method === "GET" && mediaMatch) {
      const rec = recordings.find((r) => r.sid === mediaMatch[1]);
      if (!rec) return sendJson(res, 404, notFound(path));
      res.writeHead(200, {
        "content-type": mediaMatch[2] === "mp3" ? "audio/mpeg" : "audio/x-wav",
        "content-length": String(rec.audio.length),
      });
      res.end(rec.audio);
      return;
    }
    const recMatch = /^\/Calls\/([^/]+)\/Recordings\.json$/.exec(rest);
    if (req.method === "GET" && recMatch) {
      const items = recordings
        .filter((r) => r.call_sid === recMatch[1])
        .map(({ audio: _audio, ...resource }) => resource);
      return sendJson(res, 200, page("recordings", `${accountPath}${rest}`, items, pageSize));
    }
    const numberMatch = /^\/IncomingPhoneNumbers\/([^/]+)\.json$/.exec(rest);
    if (numberMatch) {
      const number = numbers.find((n) => n.sid === numberMatch[1]);
      if (!number) return sendJson(res, 404, notFound(path));
      if (req.method === "POST") {
        // The update of an incoming number: only the parameters sent change.
        const form = new URLSearchParams(req.body);
        const set = (
          param: string,
          key: "voice_url" | "voice_method" | "status_callback" | "status_callback_method",
        ) => {
          const value = form.get(param);
          if (value !== null) number[key] = value;
        };
        set("VoiceUrl", "voice_url");
        set("VoiceMethod", "voice_method");
        set("StatusCallback", "status_callback");
        set("StatusCallbackMethod", "status_callback_method");
      }
      return sendJson(res, 200, { ...number, account_sid: account.sid, uri: `${accountPath}${rest}` });
    }
    if (req.method === "GET" && rest === "/IncomingPhoneNumbers.json") {
      const wanted = url.searchParams.get("PhoneNumber");
      const items = numbers.filter((n) => !wanted || n.phone_number === wanted);
      return sendJson(
        res,
        200,
        page("incoming_phone_numbers", `${accountPath}/IncomingPhoneNumbers.json`, items, pageSize),
      );
    }
    return sendJson(res, 404, notFound(path));
  });

  /** Adds a call to the account (as if Twilio had placed or received it); answers it. */
  function addCall(input: Partial<TFakeTwilioCall> & { from: string; to: string }): TFakeTwilioCall {
    const now = twilioDate(new Date());
    const call: TFakeTwilioCall = {
      sid: sid("CA"),
      account_sid: account.sid,
      status: "ringing",
      direction: "inbound",
      duration: null,
      start_time: now,
      end_time: null,
      date_created: now,
      date_updated: now,
      error_code: null,
      error_message: null,
      ...input,
    };
    calls.push(call);
    return call;
  }

  /** A recording of a call; its media is `audio` (a browser test gives real audio to play). */
  function addRecording(callSid: string, duration = 30, audio?: Buffer): TFakeTwilioRecording {
    const recSid = sid("RE");
    // By default an MPEG frame header and silence: enough to tell one recording from another.
    audio ??= Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.from(recSid), Buffer.alloc(400)]);
    const rec = {
      sid: recSid,
      call_sid: callSid,
      duration: String(duration),
      uri: `${accountPath}/Recordings/${recSid}.json`,
      audio,
    };
    recordings.push(rec);
    return rec;
  }

  function addNumber(phoneNumber: string, friendlyName = phoneNumber): TFakeTwilioNumber {
    const n: TFakeTwilioNumber = {
      sid: sid("PN"),
      phone_number: phoneNumber,
      friendly_name: friendlyName,
      voice_url: "https://demo.twilio.com/welcome/voice/",
      voice_method: "POST",
      status_callback: null,
      status_callback_method: "POST",
    };
    numbers.push(n);
    return n;
  }

  /** X-Twilio-Signature for a webhook to `url` with these form parameters. */
  const sign = (url: string, params: Record<string, string>) =>
    twilio.getExpectedTwilioSignature(account.authToken, url, params);

  /** A webhook request as Twilio sends it: form-encoded POST, signed over the full URL and parameters. */
  function webhookRequest(url: string, params: Record<string, string>): RequestInit {
    return {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": sign(url, params),
        "user-agent": "TwilioProxy/1.1",
      },
      body: new URLSearchParams(params).toString(),
    };
  }

  /**
   * A caller dials one of the account's numbers: the call is added (ringing) and the signed voice
   * webhook is posted to `voiceUrl` through `fetchImpl` (an in-process app's `request` in API tests).
   */
  async function placeInboundCall(opts: {
    voiceUrl: string;
    from: string;
    to: string;
    fetchImpl?: (url: string, init: RequestInit) => Promise<Response>;
  }) {
    const call = addCall({ from: opts.from, to: opts.to, status: "ringing" });
    const params = {
      CallSid: call.sid,
      AccountSid: account.sid,
      From: opts.from,
      To: opts.to,
      CallStatus: "ringing",
      Direction: "inbound",
      ApiVersion: "2010-04-01",
    };
    const res = await (opts.fetchImpl ?? fetch)(opts.voiceUrl, webhookRequest(opts.voiceUrl, params));
    return { call, status: res.status, twiml: await res.text() };
  }

  return {
    ...fake,
    calls,
    recordings,
    numbers,
    state,
    addCall,
    addRecording,
    addNumber,
    sign,
    webhookRequest,
    placeInboundCall,
  };
}
export type TTwilioFake = Awaited<ReturnType<typeof startTwilioFake>>;
