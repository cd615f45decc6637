import { FORM_MESSAGES } from "@leadpost/shared/domain/form-texts";
import type { TFormSubmissionResult } from "@leadpost/shared/schemas/forms";
import { CHECK_CIRCLE_PATHS, cx, h, icon, SPINNER_PATHS } from "./dom";
import { mountFormView, type TFormAnswers, type TFormView } from "./form-view";
import {
  fetchPublicForm,
  keepsIdempotencyKey,
  LOAD_MESSAGES,
  RequestFailure,
  submitErrorMessage,
  submitPublicForm,
} from "./submit";

/** Message the embed script listens for to size its iframe to the form. */
export const EMBED_RESIZE_MESSAGE = "leadpost:form-height";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/forms/:formId`, `/forms/:formId/preview` or `/forms/:formId/embed`. */
export function parseFormPath(pathname: string): { formId: string; embedded: boolean } | null {
  const match = /^\/forms\/([^/]+)(?:\/(preview|embed))?\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  return { formId: decodeURIComponent(match[1]), embedded: match[2] === "embed" };
}

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

/**
 * The public lead-capture page: loading, not found, the form, submitting, errors, thank-you and the
 * optional redirect. Inside an iframe it tells the host page its height.
 */
export async function startPublicFormPage(root: HTMLElement, location: Location = window.location) {
  const parsed = parseFormPath(location.pathname);
  const embedded = parsed?.embedded ?? false;
  const card = h("div", {
    class: cx(
      "mx-auto w-full max-w-3xl",
      // 001 §2: the embed renders without border or shadow.
      !embedded && "overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm",
    ),
  });
  const main = h(
    "main",
    { class: cx("text-gray-900", embedded ? "bg-transparent" : "min-h-svh bg-gray-50 px-3 py-8 sm:px-6") },
    card,
  );
  root.replaceChildren(main);
  if (embedded) {
    // On a customer's page the frame shows their background, whatever the page would paint.
    document.body.style.background = "transparent";
    document.documentElement.style.background = "transparent";
    watchHeight(main, parsed?.formId);
  }

  const show = (...nodes: Node[]) => card.replaceChildren(...nodes);
  const message = (text: string) =>
    show(h("p", { role: "alert", class: "px-6 py-16 text-center font-medium text-gray-700" }, text));

  if (!parsed || !UUID.test(parsed.formId)) return message(LOAD_MESSAGES.NOT_FOUND);
  const { formId } = parsed;
  show(
    h(
      "div",
      { class: "flex justify-center py-16", role: "status", "aria-label": "Loading form" },
      icon("size-6 animate-spin text-gray-500", SPINNER_PATHS),
    ),
  );

  let form: Awaited<ReturnType<typeof fetchPublicForm>>;
  try {
    form = await fetchPublicForm(formId);
  } catch (error) {
    const status = error instanceof RequestFailure ? error.status : 0;
    return message(
      status === 404 ? LOAD_MESSAGES.NOT_FOUND : status === 503 ? LOAD_MESSAGES.CLOSED : LOAD_MESSAGES.ERROR,
    );
  }
  document.title = form.title || "Form";

  const shownAt = performance.now();
  let idempotencyKey: string | null = null;
  const host = h("div");
  show(host);
  let view: TFormView | null = null;
  const submit = async (answers: TFormAnswers, honeypot: string) => {
    idempotencyKey ??= crypto.randomUUID();
    view?.setStatus({ submitting: true });
    let result: TFormSubmissionResult;
    try {
      result = await submitPublicForm({
        formId,
        answers,
        honeypot,
        idempotencyKey,
        fillTimeMs: performance.now() - shownAt,
        tracking: trackingFor(embedded),
      });
    } catch (error) {
      if (!keepsIdempotencyKey(error)) idempotencyKey = null;
      view?.setStatus({
        formError: submitErrorMessage(error),
        fieldErrors: error instanceof RequestFailure ? error.fields : undefined,
      });
      return;
    }
    view?.destroy();
    show(thankYou(result.successMessage));
    if (result.redirectUrl) redirect(result.redirectUrl, embedded);
  };
  view = mountFormView(host, form, {
    onSubmit: submit,
    onStepChange: () => {
      window.scrollTo({ top: 0 });
      if (embedded && window.parent !== window)
        window.parent.postMessage({ type: "leadpost:form-step" }, "*");
    },
  });
}

/** 001 §2: 'Thank You!' and the form's success message, or the default one. */
function thankYou(text: string | null) {
  return h(
    "div",
    { role: "status", class: "flex flex-col items-center gap-3 px-6 py-10 text-center" },
    icon("size-12 text-green-600", CHECK_CIRCLE_PATHS),
    h("h2", { class: "font-semibold text-2xl" }, "Thank You!"),
    h("p", { class: "max-w-md whitespace-pre-line opacity-80" }, text || FORM_MESSAGES.DEFAULT_SUCCESS),
  );
}

/**
 * Inside an iframe, tells the host page the height of the content whenever it changes. The content's
 * own height, not the document's: the document is at least as tall as the frame, so it could never shrink.
 */
function watchHeight(element: HTMLElement, formId: string | undefined) {
  if (window.parent === window) return;
  const post = () =>
    window.parent.postMessage(
      { type: EMBED_RESIZE_MESSAGE, formId, height: Math.ceil(element.getBoundingClientRect().height) },
      "*",
    );
  new ResizeObserver(post).observe(element);
  post();
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
