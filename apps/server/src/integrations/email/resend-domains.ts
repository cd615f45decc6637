/**
 * Resend's domains API: GET /domains lists the account's domains (which also proves a key is valid),
 * GET /domains/{id} answers a domain's status and its DNS records (SPF as TXT/MX "send" records,
 * DKIM as the "resend._domainkey" record, DMARC when the account lists a "_dmarc" record).
 */
export type TResendDomain = { id: string; name: string; status: string };
export type TResendRecord = { record: string; name: string; type: string; status: string };
export type TResendDomainDetail = TResendDomain & { records: TResendRecord[] };

export class ResendApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ResendApiError";
  }
}

async function get<T>(baseUrl: string, apiKey: string, path: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${baseUrl.replace(/\/$/, "")}${path}`, {
      headers: { authorization: `Bearer ${apiKey}` },
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new ResendApiError(0, "Resend could not be reached");
  }
  const body = (await res.json().catch(() => ({}))) as T & { message?: string };
  if (!res.ok) throw new ResendApiError(res.status, body.message ?? `Resend answered ${res.status}`);
  return body;
}

export const listResendDomains = async (baseUrl: string, apiKey: string) =>
  (await get<{ data: TResendDomain[] }>(baseUrl, apiKey, "/domains")).data ?? [];

export const getResendDomain = (baseUrl: string, apiKey: string, id: string) =>
  get<TResendDomainDetail>(baseUrl, apiKey, `/domains/${encodeURIComponent(id)}`);
