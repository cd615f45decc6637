import type { TFormSubmissionResult } from "@leadpost/shared";
import { useRef, useState } from "react";
import { isApiError } from "@/lib/api-error";
import { submitPublicForm } from "../api";
import type { TFormAnswers } from "../components/form-renderer";
import { keepsIdempotencyKey, submitErrorMessage } from "../lib/submit-errors";

export type TSubmitState =
  | { status: "idle" | "submitting" }
  | { status: "error"; message: string; fieldErrors?: Record<string, string[]> }
  | { status: "submitted"; result: TFormSubmissionResult };

/** Where the visitor filled the form: the host page when embedded (passed by the embed script). */
function trackingFor(embedded: boolean) {
  const params = new URLSearchParams(window.location.search);
  if (embedded) {
    return {
      landingPage: params.get("page") || document.referrer || undefined,
      referrer: params.get("ref") || undefined,
    };
  }
  return { landingPage: window.location.href, referrer: document.referrer || undefined };
}

/** Submit: idle → submitting ('Submitting...') → submitted (thank-you card, optional redirect), or an error. */
export function useFormSubmit(formId: string, embedded: boolean) {
  const [state, setState] = useState<TSubmitState>({ status: "idle" });
  const shownAt = useRef(performance.now());
  const keyRef = useRef<string | null>(null);

  const submit = async (answers: TFormAnswers, honeypot: string) => {
    keyRef.current ??= crypto.randomUUID();
    setState({ status: "submitting" });
    try {
      const result = await submitPublicForm({
        formId,
        answers,
        honeypot,
        idempotencyKey: keyRef.current,
        fillTimeMs: performance.now() - shownAt.current,
        tracking: trackingFor(embedded),
      });
      setState({ status: "submitted", result });
      if (result.redirectUrl) redirect(result.redirectUrl, embedded);
    } catch (error) {
      if (!keepsIdempotencyKey(error)) keyRef.current = null;
      setState({
        status: "error",
        message: submitErrorMessage(error),
        fieldErrors: isApiError(error) ? error.fields : undefined,
      });
    }
  };
  return { state, submit };
}

function redirect(url: string, embedded: boolean) {
  if (embedded) {
    // The host page is the one to leave; browsers may refuse, and then the frame itself navigates.
    try {
      if (window.top) {
        window.top.location.href = url;
        return;
      }
    } catch {
      /* cross-origin top navigation refused */
    }
  }
  window.location.assign(url);
}
