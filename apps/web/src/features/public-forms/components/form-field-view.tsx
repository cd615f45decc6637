import { FIELD_WIDTH_PERCENT, type TFormField } from "@leadpost/shared";
import type { CSSProperties } from "react";
import { cn } from "@/lib/utils";

export type TAnswer = string | string[] | boolean;

type TFieldViewProps = {
  field: TFormField;
  value: TAnswer | undefined;
  error?: string;
  onChange: (value: TAnswer) => void;
};

const INPUT_CLASS =
  "w-full rounded-md border border-current/25 bg-white/70 px-3 py-2 text-sm text-gray-900 outline-none placeholder:text-gray-500 focus-visible:border-[var(--form-accent)] focus-visible:ring-2 focus-visible:ring-[var(--form-accent)]/40 aria-invalid:border-red-600";

const IMAGE_WIDTH = { small: "25%", medium: "50%", large: "75%", full: "100%" } as const;
const ALIGN = { left: "flex-start", center: "center", right: "flex-end" } as const;
const HEADING_SIZE = { 2: 28, 3: 24, 4: 20, 5: 18, 6: 16 } as const;

/** Outer box of one field: its width (all full below 640px) and spacing. */
export function fieldBoxStyle(field: TFormField): CSSProperties {
  return {
    "--field-width": `${FIELD_WIDTH_PERCENT[field.width]}%`,
    marginTop: field.marginTop,
    paddingTop: field.paddingTop,
    paddingBottom: field.paddingBottom,
  } as CSSProperties;
}

function sides(s: TFormField["padding"]) {
  return s ? `${s.top}px ${s.right}px ${s.bottom}px ${s.left}px` : undefined;
}

/** One drawn field. Labels and answers are React text, never HTML, so nothing a visitor types can run. */
export function FormFieldView({ field, value, error, onChange }: TFieldViewProps) {
  const inputId = `field-${field.id}`;
  const helpId = field.helpText ? `${inputId}-help` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(" ") || undefined;

  if (field.type === "heading") {
    const level = (field.headingLevel ?? 2) as keyof typeof HEADING_SIZE;
    const Tag = `h${level}` as "h2";
    return (
      <Tag
        className="font-semibold leading-tight"
        style={{ fontSize: field.fontSize ?? HEADING_SIZE[level] }}
      >
        {field.label}
      </Tag>
    );
  }
  if (field.type === "image") {
    if (!field.src) return null;
    return (
      <div
        style={{
          display: "flex",
          justifyContent: ALIGN[field.imageAlignment ?? "center"],
          padding: sides(field.padding),
          margin: sides(field.margin),
        }}
      >
        <img
          src={field.src}
          alt={field.label}
          loading="lazy"
          className="h-auto max-w-full rounded"
          style={{ width: IMAGE_WIDTH[field.imageSize ?? "medium"] }}
        />
      </div>
    );
  }
  if ((field.type === "select" || field.type === "radio") && !field.options?.length) return null;

  const label = (
    <>
      {field.label}
      {field.required && (
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      )}
    </>
  );
  const help = field.helpText ? (
    <p id={helpId} className="mt-1 text-xs opacity-75">
      {field.helpText}
    </p>
  ) : null;
  const errorText = error ? (
    <p id={errorId} className="mt-1 text-red-600 text-xs">
      {error}
    </p>
  ) : null;
  const text = typeof value === "string" ? value : "";

  if (field.type === "radio" || (field.type === "checkbox" && field.options?.length)) {
    const multiple = field.type === "checkbox";
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
        <legend className="mb-1.5 font-medium text-sm">{label}</legend>
        <div className="grid gap-1.5">
          {(field.options ?? []).map((option) => (
            <label
              key={option}
              className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-[var(--form-accent-soft)]"
            >
              <input
                type={multiple ? "checkbox" : "radio"}
                name={inputId}
                value={option}
                required={!multiple && field.required}
                checked={multiple ? chosen.includes(option) : text === option}
                onChange={(e) =>
                  onChange(
                    multiple
                      ? e.target.checked
                        ? [...chosen, option]
                        : chosen.filter((c) => c !== option)
                      : option,
                  )
                }
                className="size-4 accent-[var(--form-accent)]"
              />
              {option}
            </label>
          ))}
        </div>
        {help}
        {errorText}
      </fieldset>
    );
  }
  if (field.type === "checkbox") {
    return (
      <div>
        <label className="flex cursor-pointer items-start gap-2 text-sm">
          <input
            id={inputId}
            type="checkbox"
            required={field.required}
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            className="mt-0.5 size-4 accent-[var(--form-accent)]"
          />
          <span>{label}</span>
        </label>
        {help}
        {errorText}
      </div>
    );
  }

  const common = {
    id: inputId,
    name: field.id,
    required: field.required,
    "aria-describedby": describedBy,
    "aria-invalid": error ? true : undefined,
    className: INPUT_CLASS,
  } as const;
  let control: React.ReactNode;
  if (field.type === "textarea") {
    control = (
      <textarea
        {...common}
        rows={4}
        placeholder={field.placeholder}
        value={text}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else if (field.type === "select") {
    control = (
      <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
        <option value="">{field.placeholder || "Select an option"}</option>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        type={field.type}
        autoComplete={field.type === "email" ? "email" : field.type === "tel" ? "tel" : undefined}
        placeholder={field.placeholder}
        value={text}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div>
      <label htmlFor={inputId} className={cn("mb-1.5 block font-medium text-sm")}>
        {label}
      </label>
      {control}
      {help}
      {errorText}
    </div>
  );
}
