/**
 * Google Geocoding API (GET /maps/api/geocode/json?address=…&key=…). Google answers HTTP 200 with a
 * `status` of OK, ZERO_RESULTS, REQUEST_DENIED, OVER_QUERY_LIMIT, INVALID_REQUEST or UNKNOWN_ERROR.
 */
export async function geocodeStatus(opts: {
  baseUrl: string;
  apiKey: string;
  address: string;
  timeoutMs?: number;
}): Promise<string> {
  const url = new URL(`${opts.baseUrl}/maps/api/geocode/json`);
  url.searchParams.set("address", opts.address);
  url.searchParams.set("key", opts.apiKey);
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
    const body = (await res.json().catch(() => ({}))) as { status?: string };
    return body.status ?? "UNKNOWN_ERROR";
  } catch {
    return "UNKNOWN_ERROR";
  }
}
