import { type TTwilioCredentials, TwilioError } from "./rest-client";

/**
 * A recording's audio from Twilio's REST media URL (`…/Recordings/{sid}.mp3`), fetched with the
 * account's credentials (HTTP Basic), so it plays even when Twilio's media authentication is on. The
 * response is returned unread: its body streams on to the browser.
 */
export async function fetchRecordingMedia(
  baseUrl: string,
  creds: TTwilioCredentials,
  recordingSid: string,
  fetchImpl: typeof fetch = fetch,
): Promise<Response> {
  const url = `${baseUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(creds.accountSid)}/Recordings/${encodeURIComponent(recordingSid)}.mp3`;
  const res = await fetchImpl(url, {
    headers: {
      Authorization: `Basic ${Buffer.from(`${creds.accountSid}:${creds.authToken}`).toString("base64")}`,
    },
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw new TwilioError(res.status, null, `Twilio answered ${res.status} for recording ${recordingSid}`);
  }
  return res;
}
