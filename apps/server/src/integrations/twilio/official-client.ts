import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";

// The official twilio package's REST client, pointed at a configurable base URL (TWILIO_API_BASE_URL):
// the package builds each request for https://api.twilio.com and hands it to its http client; this
// one moves it to the configured origin before sending, so tests talk to a local fake speaking
// Twilio's protocol and production talks to Twilio.

type TRequestOptions<TData> = RequestClient.RequestOptions<TData>;

class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super({ timeout: 10_000 });
  }

  override request<TData>(opts: TRequestOptions<TData>) {
    const target = new URL(opts.uri);
    const base = new URL(this.baseUrl);
    const uri = `${base.origin}${base.pathname.replace(/\/$/, "")}${target.pathname}${target.search}`;
    return super.request<TData>({ ...opts, uri });
  }
}

export type TTwilioRest = ReturnType<typeof twilio>;

/** A REST client for one account; `baseUrl` is https://api.twilio.com in production. */
export function twilioRest(baseUrl: string, creds: { accountSid: string; authToken: string }): TTwilioRest {
  return twilio(creds.accountSid, creds.authToken, {
    accountSid: creds.accountSid,
    httpClient: new BaseUrlRequestClient(baseUrl),
  });
}

/** Twilio's HTTP status of a failed REST call (401 for a wrong token), or 0 when Twilio was not reached. */
export function twilioRestStatus(error: unknown): number {
  return error instanceof twilio.RestException ? error.status : 0;
}
