import {
  activeSubmitFieldId,
  colorWithOpacity,
  HONEYPOT_FIELD,
  splitFormSteps,
  stepProgress,
} from "@leadpost/shared/domain/form-layout";
import type { TPublicForm } from "@leadpost/shared/schemas/forms";
import { cx, h } from "./dom";
import { fieldBoxStyle, fieldView, type TAnswer } from "./field-view";

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

export type TFormViewStatus = {
  submitting?: boolean;
  formError?: string | null;
  /** Errors by field id (a 422 answer); the view moves to the first step holding one. */
  fieldErrors?: Record<string, string[]>;
};

export type TFormViewOptions = {
  onSubmit: (answers: TFormAnswers, honeypot: string) => void;
  /** Called after every step change (the page scrolls to the top). */
  onStepChange?: () => void;
  className?: string;
};

export type TFormView = {
  /** Draws another version of the form (the builder's live preview), keeping answers and step. */
  update(form: TRenderableForm): void;
  setStatus(status: TFormViewStatus): void;
  destroy(): void;
};

const BUTTON_WIDTH = { default: "", half: "w-1/2", full: "w-full" } as const;
const BUTTON_JUSTIFY = { left: "justify-start", center: "justify-center", right: "justify-end" } as const;

/**
 * Draws a form into `root` by the 001 rendering rules; the public page, the embed and the builder's
 * preview use it. Typing changes only the answers; the form is redrawn on step, status and form changes.
 */
export function mountFormView(
  root: HTMLElement,
  initial: TRenderableForm,
  options: TFormViewOptions,
): TFormView {
  let form = initial;
  let status: TFormViewStatus = {};
  let answers: TFormAnswers = {};
  let honeypot = "";
  let step = 0;
  let warned = "";

  const draw = () => {
    const { steps, warnings } = splitFormSteps(form.fields, form.enableMultistep);
    const key = warnings.join("\n");
    if (key && key !== warned) for (const warning of warnings) console.warn(warning);
    warned = key;
    const current = Math.min(step, steps.length - 1);
    const isLast = current === steps.length - 1;
    const multistep = form.enableMultistep && steps.length > 1;
    const activeSubmit = activeSubmitFieldId(form.fields);
    const submitting = status.submitting ?? false;
    const accent = form.accentColor;
    const buttonColor = form.submitButtonColor || accent;
    const breakAfter = steps[current]?.breakAfter;
    const breakBefore = current > 0 ? steps[current - 1]?.breakAfter : null;
    // The default button appears when the last step has no active submit field of its own.
    const needsDefaultSubmit = !steps[steps.length - 1]?.fields.some((f) => f.id === activeSubmit);

    const goTo = (next: number) => {
      step = next;
      draw();
      options.onStepChange?.();
    };

    const submitButton = (label: string, active: boolean) =>
      h(
        "div",
        { class: cx("flex w-full", BUTTON_JUSTIFY[form.submitButtonPosition]) },
        h(
          "button",
          {
            type: "submit",
            disabled: !active || submitting,
            class: cx(
              "rounded-md px-5 py-2.5 font-medium text-sm text-white shadow-sm transition-opacity hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50",
              BUTTON_WIDTH[form.submitButtonWidth],
            ),
            style: { "background-color": buttonColor, "outline-color": buttonColor },
          },
          active && submitting ? "Submitting..." : label || "Submit",
        ),
      );

    const progress = () => {
      const percent = Math.round(stepProgress(current, steps.length) * 100);
      return h(
        "div",
        { class: "mb-5 space-y-1.5" },
        h(
          "div",
          { class: "flex justify-between text-xs opacity-75" },
          h("span", null, `Step ${current + 1} of ${steps.length}`),
          h("span", null, `${percent}%`),
        ),
        h(
          "div",
          {
            role: "progressbar",
            "aria-valuemin": 0,
            "aria-valuemax": 100,
            "aria-valuenow": percent,
            "aria-label": "Form progress",
            class: "h-2 overflow-hidden rounded-full bg-[var(--form-accent-soft)]",
          },
          h("div", {
            class: "h-full rounded-full bg-[var(--form-accent)] transition-[width]",
            style: { width: `${percent}%` },
          }),
        ),
      );
    };
    const showProgress = multistep && form.progressPosition !== "none";

    const honeypotInput = h("input", {
      type: "text",
      name: HONEYPOT_FIELD,
      tabindex: -1,
      autocomplete: "off",
    });
    honeypotInput.value = honeypot;
    honeypotInput.addEventListener("input", () => {
      honeypot = honeypotInput.value;
    });

    const element = h(
      "form",
      {
        class: cx("relative rounded-lg p-6", options.className),
        style: {
          "background-color": colorWithOpacity(form.backgroundColor, form.backgroundOpacity),
          color: form.textColor,
          "--form-accent": accent,
          "--form-accent-soft": colorWithOpacity(accent, form.accentOpacity),
        },
      },
      (form.showTitle || (form.showDescription && form.description)) &&
        h(
          "header",
          { class: "mb-5 space-y-1" },
          form.showTitle && h("h1", { class: "font-semibold text-2xl" }, form.title),
          form.showDescription && form.description && h("p", { class: "opacity-80" }, form.description),
        ),
      showProgress && form.progressPosition === "top" && progress(),
      h(
        "div",
        { class: "-mx-2 flex flex-wrap gap-y-4" },
        (steps[current]?.fields ?? []).map((field) =>
          h(
            "div",
            { class: "w-full px-2 sm:w-[var(--field-width)]", style: fieldBoxStyle(field) },
            field.type === "submit"
              ? submitButton(field.label, field.id === activeSubmit && isLast)
              : fieldView({
                  field,
                  value: answers[field.id],
                  error: status.fieldErrors?.[field.id]?.[0],
                  onChange: (value) => {
                    answers = { ...answers, [field.id]: value };
                  },
                }),
          ),
        ),
      ),
      // Bots fill every input; people never see this one.
      h(
        "div",
        { "aria-hidden": "true", class: "absolute -left-[9999px] h-px w-px overflow-hidden" },
        h("label", null, "Leave this empty", honeypotInput),
      ),
      isLast && form.consentText && h("p", { class: "mt-5 text-xs opacity-75" }, form.consentText),
      status.formError &&
        h(
          "p",
          { role: "alert", class: "mt-4 rounded-md bg-red-50 px-3 py-2 text-red-700 text-sm" },
          status.formError,
        ),
      (multistep || needsDefaultSubmit) &&
        h(
          "div",
          { class: "mt-6 flex items-center justify-between gap-3" },
          multistep && current > 0
            ? onClick(
                h(
                  "button",
                  {
                    type: "button",
                    class:
                      "rounded-md border border-current/25 px-4 py-2 font-medium text-sm hover:bg-[var(--form-accent-soft)]",
                  },
                  breakBefore?.previousButtonText || "Previous",
                ),
                () => goTo(current - 1),
              )
            : h("span"),
          !isLast
            ? h(
                "button",
                {
                  type: "submit",
                  class: "rounded-md px-4 py-2 font-medium text-sm text-white",
                  style: { "background-color": accent },
                },
                breakAfter?.nextButtonText || "Next",
              )
            : needsDefaultSubmit && h("div", { class: "flex-1" }, submitButton("Submit", true)),
        ),
      showProgress && form.progressPosition === "bottom" && h("div", { class: "mt-5" }, progress()),
    );
    element.addEventListener("submit", (event) => {
      event.preventDefault();
      if (!isLast) return goTo(current + 1);
      if (!submitting) options.onSubmit(answers, honeypot);
    });
    root.replaceChildren(element);
  };

  draw();
  return {
    update(next) {
      form = next;
      draw();
    },
    setStatus(next) {
      status = next;
      if (next.fieldErrors) {
        const { steps } = splitFormSteps(form.fields, form.enableMultistep);
        const index = steps.findIndex((s) => s.fields.some((f) => next.fieldErrors?.[f.id]));
        if (index >= 0) step = index;
      }
      draw();
    },
    destroy() {
      root.replaceChildren();
    },
  };
}

function onClick<T extends HTMLElement>(element: T, handler: () => void): T {
  element.addEventListener("click", handler);
  return element;
}
