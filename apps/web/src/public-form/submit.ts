import { FORM_MESSAGES } from "@leadpost/shared/domain/form-texts";
import type { TFormSubmissionResult, TPublicForm } from "@leadpost/shared/schemas/forms";
import type { TFormAnswers } from "./form-view";

/** 001 §9: a form submit gives up after 15 seconds. */
export const SUBMIT_TIMEOUT_MS = 15_000;

/** The submit-path texts of 001 §8. */
export const SUBMIT_MESSAGES = {
  TIMEOUT: "Request timed out. Please check your connection and try again.",
  NETWORK: "Network error. Please check your connection.",
  INVALID: FORM_MESSAGES.INVALID_DATA,
  FORBIDDEN: "Access denied. Please contact support.",
  FALLBACK: "Failed to submit form. Please try again.",
} as const;

export const LOAD_MESSAGES = {
  ERROR: "Error loading form",
  NOT_FOUND: FORM_MESSAGES.NOT_FOUND_OR_UNPUBLISHED,
  CLOSED: FORM_MESSAGES.CLOSED,
} as const;

/** A failed request: status 0 when no HTTP answer came (offline, timeout). */
export class RequestFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly timedOut = false,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

async function request<T>(url: string, init: RequestInit, timeoutMs?: number): Promise<T> {
  const controller = new AbortController();
  const timer = timeoutMs ? setTimeout(() => controller.abort(), timeoutMs) : undefined;
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: controller.signal, credentials: "same-origin" });
  } catch {
    throw new RequestFailure(0, "", controller.signal.aborted);
  } finally {
    clearTimeout(timer);
  }
  const body = await response.json().catch(() => null);
  if (response.ok) return body as T;
  // The API's error shape: {error: {code, message, fields?}}.
  const error = (body as { error?: { message?: string; fields?: Record<string, string[]> } } | null)?.error;
  throw new RequestFailure(response.status, error?.message ?? "", false, error?.fields);
}

export async function fetchPublicForm(formId: string): Promise<TPublicForm> {
  // A lost answer is retried twice; a 404 is final.
  for (let attempt = 0; ; attempt++) {
    try {
      return await request<TPublicForm>(`/api/public/forms/${formId}`, {
        headers: { Accept: "application/json" },
      });
    } catch (error) {
      if (attempt >= 2 || (error instanceof RequestFailure && error.status === 404)) throw error;
    }
  }
}

export type TSubmitInput = {
  formId: string;
  answers: TFormAnswers;
  idempotencyKey: string;
  fillTimeMs: number;
  honeypot: string;
  tracking: { landingPage?: string; referrer?: string };
};

export function submitPublicForm(input: TSubmitInput): Promise<TFormSubmissionResult> {
  return request<TFormSubmissionResult>(
    `/api/public/forms/${input.formId}/submissions`,
    {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "Idempotency-Key": input.idempotencyKey,
      },
      body: JSON.stringify({
        formData: input.answers,
        fillTimeMs: Math.round(input.fillTimeMs),
        _hp: input.honeypot,
        tracking: input.tracking,
      }),
    },
    SUBMIT_TIMEOUT_MS,
  );
}

/** The one text a visitor sees for a failed submit. */
export function submitErrorMessage(error: unknown): string {
  if (!(error instanceof RequestFailure)) return SUBMIT_MESSAGES.FALLBACK;
  if (error.timedOut) return SUBMIT_MESSAGES.TIMEOUT;
  if (error.status === 0) return SUBMIT_MESSAGES.NETWORK;
  if (error.status === 422) return SUBMIT_MESSAGES.INVALID;
  if (error.status === 403) return SUBMIT_MESSAGES.FORBIDDEN;
  return error.message || SUBMIT_MESSAGES.FALLBACK;
}

/** Retrying the same answers after a lost answer must reuse the key; a refused submit gets a new one. */
export function keepsIdempotencyKey(error: unknown): boolean {
  return error instanceof RequestFailure && (error.status === 0 || error.status >= 500);
}
