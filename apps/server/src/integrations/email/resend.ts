import { EmailDeliveryError, type TEmailTransport } from "./transport";

/** Resend's REST API (POST /emails). The base URL is configurable so tests can run a local fake. */
export function createResendTransport(opts: {
  apiKey: string;
  baseUrl: string;
  timeoutMs?: number;
}): TEmailTransport {
  return {
    name: "resend",
    async send(message) {
      let res: Response;
      try {
        res = await fetch(`${opts.baseUrl.replace(/\/$/, "")}/emails`, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${opts.apiKey}`,
            "Content-Type": "application/json",
            "Idempotency-Key": message.idempotencyKey,
          },
          body: JSON.stringify({
            from: message.from,
            to: [message.to],
            subject: message.subject,
            html: message.html,
            ...(message.text ? { text: message.text } : {}),
          }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
        });
      } catch (err) {
        throw new EmailDeliveryError(`Resend unreachable: ${(err as Error).message}`, true);
      }
      const body = (await res.json().catch(() => ({}))) as { id?: string; message?: string; name?: string };
      if (!res.ok) {
        const retryable = res.status === 429 || res.status >= 500;
        throw new EmailDeliveryError(
          `Resend ${res.status}: ${body.message ?? body.name ?? "error"}`,
          retryable,
        );
      }
      return { providerMessageId: body.id ?? null };
    },
  };
}
