/**
 * The addresses Twilio calls for a company's numbers, written in one place: the Call Center and
 * Settings show them, and connecting a number sets them on it through Twilio's API.
 * `base` is the company's webhook base URL, else the product's public address.
 */
export function twilioWebhookUrls(base: string, companyId: string) {
  const root = base.replace(/\/$/, "");
  return {
    /** "A call comes in" (POST). */
    voiceUrl: `${root}/api/twilio/voice`,
    /** "Call status changes" (POST): names the company, so the callback is checked with its token. */
    statusCallbackUrl: `${root}/api/twilio/status?company=${companyId}`,
  };
}
