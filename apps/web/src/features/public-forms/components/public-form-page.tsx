import { useQuery } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Navigate, useParams } from "react-router";
import { z } from "zod";
import { isApiError } from "@/lib/api-error";
import { cn } from "@/lib/utils";
import { fetchPublicForm } from "../api";
import { notifyEmbedStepChange, useEmbedResize } from "../hooks/use-embed-resize";
import { useFormSubmit } from "../hooks/use-form-submit";
import { LOAD_MESSAGES } from "../lib/submit-errors";
import { FormRenderer } from "./form-renderer";
import { ThankYouCard } from "./thank-you-card";

export type TPublicFormVariant = "page" | "preview" | "embed";

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * Public lead-capture form (/forms/:formId, /preview, /embed). It lives in its own chunk and never
 * imports the dashboard, so it stays small on customers' sites.
 */
export function PublicFormPage({ variant }: { variant: TPublicFormVariant }) {
  const { formId } = useParams();
  if (!formId) return <Navigate to="/dashboard/forms" replace />;
  return <PublicForm formId={formId} embedded={variant === "embed"} />;
}

function PublicForm({ formId, embedded }: { formId: string; embedded: boolean }) {
  const valid = isUuid(formId);
  const query = useQuery({
    queryKey: ["public-form", formId],
    queryFn: ({ signal }) => fetchPublicForm(formId, signal),
    enabled: valid,
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
  const { state, submit } = useFormSubmit(formId, embedded);
  const mainRef = useRef<HTMLElement>(null);
  useEmbedResize(embedded, formId, mainRef);

  useEffect(() => {
    document.title = query.data?.title ?? "Form";
  }, [query.data?.title]);

  // On a customer's page the frame shows their background, whatever the app's theme would paint.
  useEffect(() => {
    if (!embedded) return;
    document.body.style.background = "transparent";
    document.documentElement.style.background = "transparent";
  }, [embedded]);

  let content: React.ReactNode;
  if (!valid || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    content = <Message text={LOAD_MESSAGES.NOT_FOUND} />;
  } else if (query.isError) {
    content = <Message text={LOAD_MESSAGES.ERROR} />;
  } else if (!query.data) {
    content = (
      <div className="flex justify-center py-16" role="status" aria-label="Loading form">
        <Loader2 className="size-6 animate-spin text-gray-500" aria-hidden="true" />
      </div>
    );
  } else if (state.status === "submitted") {
    content = <ThankYouCard message={state.result.successMessage} />;
  } else {
    content = (
      <FormRenderer
        form={query.data}
        onSubmit={submit}
        submitting={state.status === "submitting"}
        formError={state.status === "error" ? state.message : null}
        fieldErrors={state.status === "error" ? state.fieldErrors : undefined}
        onStepChange={() => {
          window.scrollTo({ top: 0 });
          if (embedded) notifyEmbedStepChange();
        }}
      />
    );
  }

  return (
    <main
      ref={mainRef}
      className={cn("text-gray-900", embedded ? "bg-transparent" : "min-h-svh bg-gray-50 px-3 py-8 sm:px-6")}
    >
      <div
        className={cn(
          "mx-auto w-full max-w-3xl",
          // 001 §2: the embed renders without border or shadow.
          !embedded && "overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm",
        )}
      >
        {content}
      </div>
    </main>
  );
}

function Message({ text }: { text: string }) {
  return (
    <p role="alert" className="px-6 py-16 text-center font-medium text-gray-700">
      {text}
    </p>
  );
}
