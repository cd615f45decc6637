/**
 * PayPal REST: OAuth2 client-credentials tokens, Orders v2 (create, capture) and
 * verify-webhook-signature. The base URL is the sandbox or live API (a local fake in tests).
 */

export type TPayPalCredentials = { baseUrl: string; clientId: string; secret: string };

export type TPayPalAmount = { currency_code: string; value: string };
export type TPayPalCapture = {
  id: string;
  status: "COMPLETED" | "PENDING" | "DECLINED" | "PARTIALLY_REFUNDED" | "REFUNDED" | "FAILED" | (string & {});
  amount: TPayPalAmount;
  custom_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
};
export type TPayPalOrder = {
  id: string;
  status: string;
  links?: { href: string; rel: string; method?: string }[];
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    payments?: { captures?: TPayPalCapture[] };
  }[];
};

export class PayPalError extends Error {
  constructor(
    readonly status: number,
    readonly issue: string,
    message: string,
  ) {
    super(message);
    this.name = "PayPalError";
  }
}

/**
 * What went wrong with a PayPal call, for a person: unreachable (no answer, a timeout), the credentials
 * refused (401), PayPal failing (5xx), or the request refused (another 4xx). Never PayPal's own codes.
 */
export function payPalFailureKind(
  err: PayPalError,
): "unreachable" | "credentials" | "unavailable" | "refused" {
  if (err.status === 0) return "unreachable";
  if (err.status === 401) return "credentials";
  if (err.status >= 500) return "unavailable";
  return "refused";
}

const TIMEOUT_MS = 15_000;
/** Tokens per app, reused until a minute before they expire (PayPal issues them for hours). */
const tokenCache = new Map<string, { token: string; expiresAt: number }>();

async function call<T>(url: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new PayPalError(0, "NETWORK", `PayPal unreachable: ${(err as Error).message}`);
  }
  const text = await res.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (!res.ok) {
    const details = body.details as { issue?: string }[] | undefined;
    const issue = details?.[0]?.issue ?? String(body.name ?? body.error ?? "ERROR");
    const message = String(body.message ?? body.error_description ?? `PayPal answered ${res.status}`);
    throw new PayPalError(res.status, issue, message);
  }
  return body as T;
}

export function createPayPalClient(creds: TPayPalCredentials) {
  const cacheKey = `${creds.baseUrl}|${creds.clientId}|${creds.secret.slice(-6)}`;

  async function accessToken(): Promise<string> {
    const cached = tokenCache.get(cacheKey);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const basic = Buffer.from(`${creds.clientId}:${creds.secret}`).toString("base64");
    const body = await call<{ access_token: string; expires_in: number }>(
      `${creds.baseUrl}/v1/oauth2/token`,
      {
        method: "POST",
        headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      },
    );
    tokenCache.set(cacheKey, {
      token: body.access_token,
      expiresAt: Date.now() + Math.max(0, body.expires_in - 60) * 1000,
    });
    return body.access_token;
  }

  async function authed<T>(method: string, path: string, body?: unknown, requestId?: string): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      "content-type": "application/json",
      prefer: "return=representation",
    };
    // PayPal-Request-Id makes a retried create or capture return the first result instead of repeating it.
    if (requestId) headers["paypal-request-id"] = requestId;
    return call<T>(`${creds.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  return {
    accessToken,
    /** Any other authenticated call (the catalog and billing plans in ./catalog.ts). */
    request: authed,
    createOrder(input: {
      amountCents: number;
      currency: string;
      referenceId: string;
      description: string;
      requestId: string;
      /** Where PayPal sends the buyer back after approving (with ?token=<order id>) or cancelling. */
      returnUrl: string;
      cancelUrl: string;
    }) {
      return authed<TPayPalOrder>(
        "POST",
        "/v2/checkout/orders",
        {
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: input.referenceId,
              custom_id: input.referenceId,
              description: input.description,
              amount: { currency_code: input.currency, value: (input.amountCents / 100).toFixed(2) },
            },
          ],
          // The redirect flow: PayPal answers a payer-action link and returns the buyer to our page.
          payment_source: {
            paypal: {
              experience_context: {
                user_action: "PAY_NOW",
                shipping_preference: "NO_SHIPPING",
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
              },
            },
          },
        },
        input.requestId,
      );
    },
    captureOrder(orderId: string, requestId: string) {
      return authed<TPayPalOrder>(
        "POST",
        `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
        {},
        requestId,
      );
    },
    /** Asks PayPal whether a webhook delivery really came from it for this webhook id. */
    async verifyWebhookSignature(input: {
      webhookId: string;
      headers: Record<string, string | undefined>;
      event: unknown;
    }): Promise<boolean> {
      const h = input.headers;
      const result = await authed<{ verification_status: string }>(
        "POST",
        "/v1/notifications/verify-webhook-signature",
        {
          auth_algo: h["paypal-auth-algo"],
          cert_url: h["paypal-cert-url"],
          transmission_id: h["paypal-transmission-id"],
          transmission_sig: h["paypal-transmission-sig"],
          transmission_time: h["paypal-transmission-time"],
          webhook_id: input.webhookId,
          webhook_event: input.event,
        },
      );
      return result.verification_status === "SUCCESS";
    },
  };
}
export type TPayPalClient = ReturnType<typeof createPayPalClient>;

/** The first capture of an order answer, if any. */
export const firstCapture = (order: TPayPalOrder): TPayPalCapture | null =>
  order.purchase_units?.[0]?.payments?.captures?.[0] ?? null;

/** Whole cents of a PayPal amount ("10.00" → 1000), or null when it is not a money string. */
export function amountToCents(value: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const [units, fraction = ""] = value.split(".");
  return Number(units) * 100 + Number(fraction.padEnd(2, "0"));
}
