import type { TFormField } from "../schemas/forms";

// How the public page lays a form out (001 "Form rendering rules"); the builder's preview uses the same.

export type TFormStep = {
  fields: TFormField[];
  /** The break that ends this step (its nextButtonText) and starts the next (previousButtonText). */
  breakAfter: TFormField | null;
};

export type TFormSteps = { steps: TFormStep[]; warnings: string[] };

export const LAYOUT_WARNINGS = {
  LEADING_BREAK: "A page break at the very start of the form is ignored.",
  TRAILING_BREAK: "A page break at the very end of the form is ignored.",
} as const;

/**
 * Multistep on: steps are split at break fields, and a break at the very start or end is ignored with a
 * warning (so is a break right after another, which would make an empty step). Multistep off: one step,
 * breaks hidden.
 */
export function splitFormSteps(fields: readonly TFormField[], multistep: boolean): TFormSteps {
  if (!multistep)
    return { steps: [{ fields: fields.filter((f) => f.type !== "break"), breakAfter: null }], warnings: [] };
  const warnings: string[] = [];
  const firstContent = fields.findIndex((f) => f.type !== "break");
  const lastContent = fields.findLastIndex((f) => f.type !== "break");
  if (firstContent === -1) return { steps: [{ fields: [], breakAfter: null }], warnings };
  if (firstContent > 0) warnings.push(LAYOUT_WARNINGS.LEADING_BREAK);
  if (lastContent < fields.length - 1) warnings.push(LAYOUT_WARNINGS.TRAILING_BREAK);

  const steps: TFormStep[] = [];
  let current: TFormField[] = [];
  for (const field of fields.slice(firstContent, lastContent + 1)) {
    if (field.type !== "break") {
      current.push(field);
      continue;
    }
    if (current.length === 0) continue;
    steps.push({ fields: current, breakAfter: field });
    current = [];
  }
  steps.push({ fields: current, breakAfter: null });
  return { steps, warnings };
}

/** With several submit fields only the last is active (001); null when the form has none. */
export function activeSubmitFieldId(fields: readonly TFormField[]): string | null {
  return fields.findLast((f) => f.type === "submit")?.id ?? null;
}

/** Progress of a multistep form as a fraction: (step + 1) / total. */
export function stepProgress(step: number, total: number): number {
  if (total <= 0) return 1;
  return Math.min(1, Math.max(0, (step + 1) / total));
}

/** A #rgb / #rrggbb colour with an opacity of 0–100 as an rgba() value; other input is returned as is. */
export function colorWithOpacity(hex: string, opacityPercent: number): string {
  const value = hex.trim().replace(/^#/, "");
  const full =
    value.length === 3
      ? value
          .split("")
          .map((c) => c + c)
          .join("")
      : value.slice(0, 6);
  if (!/^[0-9a-f]{6}$/i.test(full)) return hex;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  const alpha = Math.min(100, Math.max(0, opacityPercent)) / 100;
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

export const FIELD_WIDTH_PERCENT = { full: 100, half: 50, third: 33.3, quarter: 25 } as const;
/** Below this width the public form is laid out for small screens: every field full width. */
export const SMALL_FORM_LAYOUT_PX = 640;

/**
 * Honeypot: the public page renders an input with this name that people never see (visually hidden,
 * aria-hidden, tabindex -1, autocomplete off) and sends its value under this key. Bots fill it.
 */
export const HONEYPOT_FIELD = "_hp";
