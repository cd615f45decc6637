import { sendJson, startHttpFake } from "./http-fake";

type TStatus = "OK" | "ZERO_RESULTS" | "REQUEST_DENIED" | "OVER_QUERY_LIMIT";

/**
 * Speaks Google's GET /maps/api/geocode/json?address=…&key=…: HTTP 200 with a `status` field, as
 * Google does. `statusByKey` says what each key gets; unknown keys are REQUEST_DENIED.
 */
export async function startGoogleGeocoderFake(statusByKey: Record<string, TStatus>) {
  return startHttpFake((req, res) => {
    const url = new URL(req.path, "http://fake");
    if (req.method !== "GET" || url.pathname !== "/maps/api/geocode/json") return sendJson(res, 404, {});
    const status = statusByKey[url.searchParams.get("key") ?? ""] ?? "REQUEST_DENIED";
    if (status === "OK") {
      return sendJson(res, 200, {
        status,
        results: [
          {
            formatted_address: "Los Angeles, CA, USA",
            geometry: { location: { lat: 34.0549076, lng: -118.242643 } },
          },
        ],
      });
    }
    const error_message =
      status === "REQUEST_DENIED"
        ? "The provided API key is invalid."
        : status === "OVER_QUERY_LIMIT"
          ? "You have exceeded your daily request quota for this API."
          : undefined;
    return sendJson(res, 200, { status, results: [], ...(error_message ? { error_message } : {}) });
  });
}
