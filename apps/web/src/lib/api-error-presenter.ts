import {
  describeFieldPath,
  describeValidationIssue,
  isLibraryMessage,
  type TIssuePath,
} from "@leadpost/shared/domain/validation-messages";
import { isApiError } from "./api-error";

export type TPresentedError = {
  /** One sentence for a toast or an alert: the first problem in words, and how many more there are. */
  message: string;
  /** Field key (the API's dotted path) → what to do, for the input with that name. */
  fields: Record<string, string>;
};

export type TPresentOptions = {
  /** Screen-specific names for a path, e.g. a builder field's label instead of its position. */
  labels?: (path: TIssuePath) => string | undefined;
  /** Said when the error carries nothing a user can read. */
  fallback?: string;
};

const GENERIC = "Something went wrong. Please try again.";

/** Developer text that must never reach a screen: schema paths, exception names, JSON bodies. */
export function isRawErrorText(text: string): boolean {
  const t = text.trim();
  return (
    /^[\w$]+(\.[\w$]+)+\s*:/.test(t) ||
    /^[A-Z]\w*(Error|Exception)\b/.test(t) ||
    /^[[{]/.test(t) ||
    /^Invalid origin$/i.test(t) ||
    /^(Too small|Too big|Invalid input)\b/.test(t)
  );
}

function pathOf(key: string): TIssuePath {
  return key === "_" ? [] : key.split(".").map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** A field message in words, with a screen's own name for the field when it has one. */
function fieldMessage(key: string, message: string, labels: TPresentOptions["labels"]): string {
  const path = pathOf(key);
  if (isLibraryMessage(message)) return describeValidationIssue({ path, message: "" }, labels);
  if (!labels) return message;
  const positional = describeFieldPath(path);
  const named = describeFieldPath(path, labels);
  return message.startsWith(positional) ? `${named}${message.slice(positional.length)}` : message;
}

/**
 * The one place that turns a failed call into what a screen says: field-level words that name the
 * field and say what to do, never a schema path or a library's text.
 */
export function presentApiError(error: unknown, options: TPresentOptions = {}): TPresentedError {
  const fallback = options.fallback ?? GENERIC;
  const fields: Record<string, string> = {};
  if (isApiError(error) && error.fields) {
    for (const [key, messages] of Object.entries(error.fields)) {
      const first = messages[0];
      if (first) fields[key] = fieldMessage(key, first, options.labels);
    }
  }
  const fieldMessages = Object.values(fields);
  if (fieldMessages.length > 0) {
    const more = fieldMessages.length - 1;
    const [first] = fieldMessages;
    return {
      message:
        more > 0 ? `${first} (and ${more} more ${more === 1 ? "problem" : "problems"})` : (first ?? fallback),
      fields,
    };
  }
  const text = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return { message: text && !isRawErrorText(text) ? text : fallback, fields };
}
