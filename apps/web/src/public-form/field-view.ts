import { FIELD_WIDTH_PERCENT } from "@leadpost/shared/domain/form-layout";
import type { TFormField } from "@leadpost/shared/schemas/forms";
import { cx, h } from "./dom";

export type TAnswer = string | string[] | boolean;

const INPUT_CLASS =
  "w-full rounded-md border border-current/25 bg-white/70 px-3 py-2 text-sm text-gray-900 outline-none placeholder:text-gray-500 focus-visible:border-[var(--form-accent)] focus-visible:ring-2 focus-visible:ring-[var(--form-accent)]/40 aria-invalid:border-red-600";

const IMAGE_WIDTH = { small: "25%", medium: "50%", large: "75%", full: "100%" } as const;
const ALIGN = { left: "flex-start", center: "center", right: "flex-end" } as const;
const HEADING_SIZE = { 2: 28, 3: 24, 4: 20, 5: 18, 6: 16 } as const;

/** Outer box of one field: its width (all full below 640px) and spacing. */
export function fieldBoxStyle(field: TFormField) {
  return {
    "--field-width": `${FIELD_WIDTH_PERCENT[field.width]}%`,
    "margin-top": field.marginTop,
    "padding-top": field.paddingTop,
    "padding-bottom": field.paddingBottom,
  };
}

function sides(s: TFormField["padding"]) {
  return s ? `${s.top}px ${s.right}px ${s.bottom}px ${s.left}px` : undefined;
}

type TFieldViewProps = {
  field: TFormField;
  value: TAnswer | undefined;
  error?: string;
  onChange: (value: TAnswer) => void;
};

/** One drawn field, or null for fields that draw nothing (a choice field without options, an empty image). */
export function fieldView({ field, value, error, onChange }: TFieldViewProps): HTMLElement | null {
  const inputId = `field-${field.id}`;
  const helpId = field.helpText ? `${inputId}-help` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(" ") || undefined;
  const invalid = error ? "true" : undefined;

  if (field.type === "heading") {
    const level = (field.headingLevel ?? 2) as keyof typeof HEADING_SIZE;
    return h(
      `h${level}` as "h2",
      { class: "font-semibold leading-tight", style: { "font-size": field.fontSize ?? HEADING_SIZE[level] } },
      field.label,
    );
  }
  if (field.type === "image") {
    if (!field.src) return null;
    return h(
      "div",
      {
        style: {
          display: "flex",
          "justify-content": ALIGN[field.imageAlignment ?? "center"],
          padding: sides(field.padding),
          margin: sides(field.margin),
        },
      },
      h("img", {
        src: field.src,
        alt: field.label,
        loading: "lazy",
        class: "h-auto max-w-full rounded",
        style: { width: IMAGE_WIDTH[field.imageSize ?? "medium"] },
      }),
    );
  }
  if ((field.type === "select" || field.type === "radio") && !field.options?.length) return null;

  const label = () => [
    field.label,
    field.required && h("span", { class: "ml-0.5 text-red-600", "aria-hidden": "true" }, "*"),
  ];
  const help = field.helpText
    ? h("p", { id: helpId, class: "mt-1 text-xs opacity-75" }, field.helpText)
    : null;
  const errorText = error ? h("p", { id: errorId, class: "mt-1 text-red-600 text-xs" }, error) : null;
  const text = typeof value === "string" ? value : "";

  if (field.type === "radio" || (field.type === "checkbox" && field.options?.length)) {
    const multiple = field.type === "checkbox";
    const chosen = new Set(Array.isArray(value) ? value : []);
    const options = (field.options ?? []).map((option) => {
      const input = h("input", {
        type: multiple ? "checkbox" : "radio",
        name: inputId,
        value: option,
        required: !multiple && field.required,
        class: "size-4 accent-[var(--form-accent)]",
      });
      input.checked = multiple ? chosen.has(option) : text === option;
      input.addEventListener("change", () => {
        if (!multiple) return onChange(option);
        if (input.checked) chosen.add(option);
        else chosen.delete(option);
        // Keep the options' own order, whatever order they were ticked in.
        onChange((field.options ?? []).filter((o) => chosen.has(o)));
      });
      return h(
        "label",
        {
          class:
            "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-[var(--form-accent-soft)]",
        },
        input,
        option,
      );
    });
    return h(
      "fieldset",
      { "aria-describedby": describedBy, "aria-invalid": invalid },
      h("legend", { class: "mb-1.5 font-medium text-sm" }, label()),
      h("div", { class: "grid gap-1.5" }, options),
      help,
      errorText,
    );
  }
  if (field.type === "checkbox") {
    const input = h("input", {
      id: inputId,
      type: "checkbox",
      required: field.required,
      "aria-describedby": describedBy,
      "aria-invalid": invalid,
      class: "mt-0.5 size-4 accent-[var(--form-accent)]",
    });
    input.checked = value === true;
    input.addEventListener("change", () => onChange(input.checked));
    return h(
      "div",
      null,
      h("label", { class: "flex cursor-pointer items-start gap-2 text-sm" }, input, h("span", null, label())),
      help,
      errorText,
    );
  }

  const common = {
    id: inputId,
    name: field.id,
    required: field.required,
    "aria-describedby": describedBy,
    "aria-invalid": invalid,
    class: INPUT_CLASS,
  };
  let control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  if (field.type === "textarea") {
    control = h("textarea", { ...common, rows: 4, placeholder: field.placeholder });
  } else if (field.type === "select") {
    control = h(
      "select",
      common,
      h("option", { value: "" }, field.placeholder || "Select an option"),
      (field.options ?? []).map((option) => h("option", { value: option }, option)),
    );
  } else {
    control = h("input", {
      ...common,
      type: field.type,
      autocomplete: field.type === "email" ? "email" : field.type === "tel" ? "tel" : undefined,
      placeholder: field.placeholder,
    });
  }
  control.value = text;
  control.addEventListener(field.type === "select" ? "change" : "input", () => onChange(control.value));
  return h(
    "div",
    null,
    h("label", { for: inputId, class: cx("mb-1.5 block font-medium text-sm") }, label()),
    control,
    help,
    errorText,
  );
}
