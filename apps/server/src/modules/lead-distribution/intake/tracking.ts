import type { TFormSubmission } from "@leadpost/shared";

type TTrackingInput = NonNullable<TFormSubmission["tracking"]>;

export type TCapturedTracking = {
  referrer: string | null;
  landingPage: string | null;
  utm: Record<string, string> | null;
  clickIds: Record<string, string> | null;
};

const UTM_KEYS = [
  ["utm_source", "utmSource"],
  ["utm_medium", "utmMedium"],
  ["utm_campaign", "utmCampaign"],
  ["utm_term", "utmTerm"],
  ["utm_content", "utmContent"],
] as const;
const CLICK_ID_KEYS = ["gclid", "fbclid"] as const;
const MAX_URL = 2048;
const MAX_PARAM = 500;

/**
 * Source data for the lead: what the page sent wins; otherwise utm_* and click ids are read from the
 * landing page's query, and the landing page defaults to the page that posted (the Referer header).
 * Values are kept verbatim (they are data, shown as text), only trimmed and bounded in length.
 */
export function captureTracking(
  input: TTrackingInput | undefined,
  refererHeader: string | null,
): TCapturedTracking {
  const landingPage = clip(input?.landingPage ?? refererHeader, MAX_URL);
  const query = queryOf(landingPage);

  const utm: Record<string, string> = {};
  for (const [param, key] of UTM_KEYS) {
    const value = clip(input?.[key] ?? query?.get(param), MAX_PARAM);
    if (value) utm[param] = value;
  }
  const clickIds: Record<string, string> = {};
  for (const key of CLICK_ID_KEYS) {
    const value = clip(input?.[key] ?? query?.get(key), MAX_PARAM);
    if (value) clickIds[key] = value;
  }
  return {
    referrer: clip(input?.referrer, MAX_URL),
    landingPage,
    utm: Object.keys(utm).length > 0 ? utm : null,
    clickIds: Object.keys(clickIds).length > 0 ? clickIds : null,
  };
}

function clip(value: string | null | undefined, max: number): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
}

function queryOf(url: string | null): URLSearchParams | null {
  if (!url) return null;
  try {
    return new URL(url).searchParams;
  } catch {
    return null;
  }
}
