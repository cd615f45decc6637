import {
  type TFormSubmissionResult,
  type TPublicForm,
  ZFormSubmissionResultSchema,
  ZPublicFormSchema,
} from "@leadpost/shared";
import { apiClient } from "@/lib/api-client";

/** 001 §9: a form submit gives up after 15 seconds. */
export const SUBMIT_TIMEOUT_MS = 15_000;

export function fetchPublicForm(formId: string, signal?: AbortSignal): Promise<TPublicForm> {
  return apiClient.get(`/api/public/forms/${formId}`, {
    schema: ZPublicFormSchema,
    signal,
    allowUnauthenticated: true,
  });
}

export type TSubmitInput = {
  formId: string;
  answers: Record<string, string | string[] | boolean>;
  idempotencyKey: string;
  fillTimeMs: number;
  honeypot: string;
  tracking: { landingPage?: string; referrer?: string };
};

export function submitPublicForm(input: TSubmitInput): Promise<TFormSubmissionResult> {
  return apiClient.post(
    `/api/public/forms/${input.formId}/submissions`,
    {
      formData: input.answers,
      fillTimeMs: Math.round(input.fillTimeMs),
      _hp: input.honeypot,
      tracking: input.tracking,
    },
    {
      schema: ZFormSubmissionResultSchema,
      headers: { "Idempotency-Key": input.idempotencyKey },
      timeoutMs: SUBMIT_TIMEOUT_MS,
      allowUnauthenticated: true,
    },
  );
}
