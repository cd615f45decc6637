/**
 * Delivery into a buyer's own systems (docs/lead-delivery.md): the names of the signed request's
 * headers, and the Node.js code a buyer runs to verify a delivery's signature. The same text is shown in
 * the app, printed in the docs, and run by the server's tests, so what we tell buyers is what works.
 */
export const LEAD_DELIVERY_HEADERS = {
  signature: "X-Leadpost-Signature",
  deliveryId: "X-Leadpost-Delivery-Id",
  event: "X-Leadpost-Event",
  attempt: "X-Leadpost-Attempt",
} as const;

/** The flat field names of a delivery (form-encoded bodies use them; a field map renames them). */
export const LEAD_DELIVERY_FIELDS = [
  "lead_id",
  "created_at",
  "name",
  "email",
  "phone",
  "city",
  "state",
  "zip_code",
  "service_type",
  "niche",
  "source",
] as const;

export const LEAD_DELIVERY_VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from "node:crypto";

// rawBody: the request body exactly as received (a string, before any parsing).
// header: the X-Leadpost-Signature header, "t=<unix seconds>,v1=<hex HMAC-SHA256>".
// secret: the endpoint's signing secret (shown once when the endpoint is created or its secret rotated).
export function verifyLeadpostSignature(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(
    String(header ?? "").split(",").map((part) => part.trim().split("=", 2)),
  );
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(\`\${timestamp}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
`;
