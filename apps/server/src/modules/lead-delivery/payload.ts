import { createHmac } from "node:crypto";
import { LEAD_DELIVERY_HEADERS, type TDeliveryFormat } from "@leadpost/shared";

/** The lead as a delivery carries it (the buyer holds it in full: nothing is hidden). */
export type TDeliveredLead = {
  id: string;
  createdAt: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  serviceType: string;
  niche: string | null;
  source: string;
  answers: { label: string; value: string }[];
};

export type TDeliveryEvent = "lead.delivered" | "lead.test";

/** The flat fields of a form-encoded delivery, before the field map renames them. */
export function flatFields(lead: TDeliveredLead): [string, string][] {
  const own: [string, string | null][] = [
    ["lead_id", lead.id],
    ["created_at", lead.createdAt],
    ["name", lead.name],
    ["email", lead.email],
    ["phone", lead.phone],
    ["city", lead.city],
    ["state", lead.state],
    ["zip_code", lead.zipCode],
    ["service_type", lead.serviceType],
    ["niche", lead.niche],
    ["source", lead.source],
  ];
  const taken = new Set(own.map(([k]) => k));
  // Answers by their field's label; one that would shadow a lead field keeps the lead field.
  const answers = lead.answers
    .filter((a) => !taken.has(a.label))
    .map((a): [string, string] => [a.label, a.value]);
  return [...own.map(([k, v]) => [k, v ?? ""] as [string, string]), ...answers];
}

/** The request body and its content type: JSON, or form-encoded with the buyer's field names. */
export function deliveryBody(
  format: TDeliveryFormat,
  fieldMap: Record<string, string>,
  envelope: { event: TDeliveryEvent; deliveryId: string; sentAt: string; lead: TDeliveredLead },
): { body: string; contentType: string } {
  if (format === "json") {
    return { body: JSON.stringify(envelope), contentType: "application/json" };
  }
  const form = new URLSearchParams();
  form.set("event", envelope.event);
  form.set("delivery_id", envelope.deliveryId);
  for (const [name, value] of flatFields(envelope.lead)) form.append(fieldMap[name] ?? name, value);
  return { body: form.toString(), contentType: "application/x-www-form-urlencoded" };
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as the documented snippet verifies. */
export function signatureHeader(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

export function deliveryHeaders(
  secret: string,
  body: { body: string; contentType: string },
  meta: { deliveryId: string; event: TDeliveryEvent; attempt: number; now: Date },
): Record<string, string> {
  return {
    "content-type": body.contentType,
    "user-agent": "Leadpost-Delivery/1.0",
    [LEAD_DELIVERY_HEADERS.signature.toLowerCase()]: signatureHeader(secret, body.body, meta.now),
    [LEAD_DELIVERY_HEADERS.deliveryId.toLowerCase()]: meta.deliveryId,
    [LEAD_DELIVERY_HEADERS.event.toLowerCase()]: meta.event,
    [LEAD_DELIVERY_HEADERS.attempt.toLowerCase()]: String(meta.attempt),
  };
}

/** The sample lead a "Send test lead" carries. */
export function sampleLead(id: string, now: Date): TDeliveredLead {
  return {
    id,
    createdAt: now.toISOString(),
    name: "Test Lead",
    email: "test.lead@example.com",
    phone: "+13035550100",
    city: "Denver",
    state: "CO",
    zipCode: "80202",
    serviceType: "Roof repair",
    niche: null,
    source: "test",
    answers: [{ label: "Message", value: "This is a test lead sent from Leadpost." }],
  };
}
