import type { Twilio } from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";

// The official twilio package's REST client, pointed at a configurable base URL (TWILIO_API_BASE_URL):
// the package builds each request for https://api.twilio.com and hands it to its http client; this
// one moves it to the configured origin before sending, so tests talk to a local fake speaking
// Twilio's protocol and production talks to Twilio.
//
// The package's index (the REST client with every API) is loaded on the first call, not at start:
// importing it took about 1 s of every process start, and only connecting a number or checking an
// account's credentials uses it.

type TRequestOptions<TData> = RequestClient.RequestOptions<TData>;
type TTwilioPackage = typeof import("twilio");

/** The package's RestException, once the package is loaded: no REST call fails before that. */
let restException: TTwilioPackage["RestException"] | null = null;
let loaded: Promise<{ twilio: TTwilioPackage; HttpClient: ReturnType<typeof baseUrlClientClass> }> | null =
  null;

function baseUrlClientClass(twilio: TTwilioPackage) {
  return class BaseUrlRequestClient extends twilio.RequestClient {
    constructor(private readonly baseUrl: string) {
      super({ timeout: 10_000 });
    }

    override request<TData>(opts: TRequestOptions<TData>) {
      const target = new URL(opts.uri);
      const base = new URL(this.baseUrl);
      const uri = `${base.origin}${base.pathname.replace(/\/$/, "")}${target.pathname}${target.search}`;
      return super.request<TData>({ ...opts, uri });
    }
  };
}

function officialPackage() {
  loaded ??= import("twilio").then((m) => {
    const twilio = m.default;
    restException = twilio.RestException;
    return { twilio, HttpClient: baseUrlClientClass(twilio) };
  });
  return loaded;
}

export type TTwilioRest = Twilio;

/** A REST client for one account; `baseUrl` is https://api.twilio.com in production. */
export async function twilioRest(
  baseUrl: string,
  creds: { accountSid: string; authToken: string },
): Promise<TTwilioRest> {
  const { twilio, HttpClient } = await officialPackage();
  return twilio(creds.accountSid, creds.authToken, {
    accountSid: creds.accountSid,
    httpClient: new HttpClient(baseUrl),
  });
}

/** Twilio's HTTP status of a failed REST call (401 for a wrong token), or 0 when Twilio was not reached. */
export function twilioRestStatus(error: unknown): number {
  // The class from the package's index, not a deep import: RestException.js sets `exports.default`, which
  // the server's bundle reads as the module object, and `instanceof` on it threw there.
  return restException && error instanceof restException ? error.status : 0;
}
