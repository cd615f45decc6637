import {
  activeSubmitFieldId,
  colorWithOpacity,
  HONEYPOT_FIELD,
  splitFormSteps,
  stepProgress,
  type TPublicForm,
} from "@leadpost/shared";
import { type CSSProperties, type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { cn } from "@/lib/utils";
import { FormFieldView, fieldBoxStyle, type TAnswer } from "./form-field-view";
import { FormProgress } from "./form-progress";

export type TRenderableForm = Pick<
  TPublicForm,
  | "title"
  | "description"
  | "fields"
  | "enableMultistep"
  | "progressPosition"
  | "showTitle"
  | "showDescription"
  | "backgroundColor"
  | "backgroundOpacity"
  | "textColor"
  | "accentColor"
  | "accentOpacity"
  | "submitButtonColor"
  | "submitButtonPosition"
  | "submitButtonWidth"
  | "consentText"
>;

export type TFormAnswers = Record<string, TAnswer>;

type TFormRendererProps = {
  form: TRenderableForm;
  onSubmit: (answers: TFormAnswers, honeypot: string) => void;
  submitting?: boolean;
  /** Errors by field id (a 422 answer); the renderer moves to the first step holding one. */
  fieldErrors?: Record<string, string[]>;
  formError?: string | null;
  /** Called after every step change (the page scrolls to the top). */
  onStepChange?: () => void;
  className?: string;
};

const BUTTON_WIDTH = { default: "", half: "w-1/2", full: "w-full" } as const;
const BUTTON_JUSTIFY = { left: "justify-start", center: "justify-center", right: "justify-end" } as const;

/** Draws a form by the 001 rendering rules; the public page, the embed and the builder's preview use it. */
export function FormRenderer(props: TFormRendererProps) {
  const { form, submitting = false, fieldErrors, formError, onStepChange } = props;
  const { steps, warnings } = useMemo(
    () => splitFormSteps(form.fields, form.enableMultistep),
    [form.fields, form.enableMultistep],
  );
  const activeSubmit = activeSubmitFieldId(form.fields);
  const [answers, setAnswers] = useState<TFormAnswers>({});
  const [step, setStep] = useState(0);
  const [honeypot, setHoneypot] = useState("");
  const stepRef = useRef<HTMLDivElement>(null);
  const current = Math.min(step, steps.length - 1);
  const isLast = current === steps.length - 1;
  const multistep = form.enableMultistep && steps.length > 1;

  useEffect(() => {
    for (const warning of warnings) console.warn(warning);
  }, [warnings]);

  useEffect(() => {
    if (!fieldErrors) return;
    const index = steps.findIndex((s) => s.fields.some((f) => fieldErrors[f.id]));
    if (index >= 0) setStep(index);
  }, [fieldErrors, steps]);

  const goTo = (next: number) => {
    setStep(next);
    onStepChange?.();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isLast) {
      goTo(current + 1);
      return;
    }
    if (!submitting) props.onSubmit(answers, honeypot);
  };

  const accent = form.accentColor;
  const style = {
    backgroundColor: colorWithOpacity(form.backgroundColor, form.backgroundOpacity),
    color: form.textColor,
    "--form-accent": accent,
    "--form-accent-soft": colorWithOpacity(accent, form.accentOpacity),
  } as CSSProperties;
  const buttonColor = form.submitButtonColor || accent;
  const stepFields = steps[current]?.fields ?? [];
  // The default button appears when the last step has no active submit field of its own.
  const needsDefaultSubmit = !steps[steps.length - 1]?.fields.some((f) => f.id === activeSubmit);
  const breakAfter = steps[current]?.breakAfter;
  const breakBefore = current > 0 ? steps[current - 1]?.breakAfter : null;
  const progress =
    multistep && form.progressPosition !== "none" ? (
      <FormProgress value={stepProgress(current, steps.length)} step={current} total={steps.length} />
    ) : null;

  const submitButton = (label: string, active: boolean, key?: string) => (
    <div key={key} className={cn("flex w-full", BUTTON_JUSTIFY[form.submitButtonPosition])}>
      <button
        type="submit"
        disabled={!active || submitting}
        className={cn(
          "rounded-md px-5 py-2.5 font-medium text-sm text-white shadow-sm transition-opacity hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50",
          BUTTON_WIDTH[form.submitButtonWidth],
        )}
        style={{ backgroundColor: buttonColor, outlineColor: buttonColor }}
      >
        {active && submitting ? "Submitting..." : label || "Submit"}
      </button>
    </div>
  );

  return (
    <form onSubmit={handleSubmit} style={style} className={cn("relative rounded-lg p-6", props.className)}>
      {(form.showTitle || (form.showDescription && form.description)) && (
        <header className="mb-5 space-y-1">
          {form.showTitle && <h1 className="font-semibold text-2xl">{form.title}</h1>}
          {form.showDescription && form.description && <p className="opacity-80">{form.description}</p>}
        </header>
      )}
      {form.progressPosition === "top" && progress}
      <div ref={stepRef} className="-mx-2 flex flex-wrap gap-y-4">
        {stepFields.map((field) => (
          <div key={field.id} className="w-full px-2 sm:w-[var(--field-width)]" style={fieldBoxStyle(field)}>
            {field.type === "submit" ? (
              submitButton(field.label, field.id === activeSubmit && isLast)
            ) : (
              <FormFieldView
                field={field}
                value={answers[field.id]}
                error={fieldErrors?.[field.id]?.[0]}
                onChange={(value) => setAnswers((prev) => ({ ...prev, [field.id]: value }))}
              />
            )}
          </div>
        ))}
      </div>
      {/* Bots fill every input; people never see this one. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Leave this empty
          <input
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(e) => setHoneypot(e.target.value)}
          />
        </label>
      </div>
      {isLast && form.consentText && <p className="mt-5 text-xs opacity-75">{form.consentText}</p>}
      {formError && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-red-700 text-sm">
          {formError}
        </p>
      )}
      {(multistep || needsDefaultSubmit) && (
        <div className="mt-6 flex items-center justify-between gap-3">
          {multistep && current > 0 ? (
            <button
              type="button"
              onClick={() => goTo(current - 1)}
              className="rounded-md border border-current/25 px-4 py-2 font-medium text-sm hover:bg-[var(--form-accent-soft)]"
            >
              {breakBefore?.previousButtonText || "Previous"}
            </button>
          ) : (
            <span />
          )}
          {!isLast ? (
            <button
              type="submit"
              className="rounded-md px-4 py-2 font-medium text-sm text-white"
              style={{ backgroundColor: accent }}
            >
              {breakAfter?.nextButtonText || "Next"}
            </button>
          ) : (
            needsDefaultSubmit && <div className="flex-1">{submitButton("Submit", true)}</div>
          )}
        </div>
      )}
      {form.progressPosition === "bottom" && <div className="mt-5">{progress}</div>}
    </form>
  );
}
