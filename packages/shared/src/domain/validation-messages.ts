/**
 * Validation failures in words a user understands: the field is named the way a screen names it and
 * the sentence says what to do. Never a schema path such as "fields.7.options.2: Too small…".
 * Used by the server's validation answers and by the web's error presenter.
 */

export type TIssuePath = ReadonlyArray<PropertyKey>;

/** What the failure looked like (a structural subset of a zod issue, so this file needs no zod). */
export type TValidationIssue = {
  code?: string;
  path: TIssuePath;
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  expected?: string;
  input?: unknown;
  values?: readonly unknown[];
  keys?: readonly string[];
};

/** Names for keys that words alone would get wrong; anything else is split from camelCase. */
const KEY_WORDS: Record<string, string> = {
  fields: "field",
  options: "option",
  emailRouting: "e-mail routing entry",
  buyerIds: "buyer",
  zipCode: "zip code",
  zip: "zip code",
  email: "e-mail",
  url: "address",
  src: "image address",
  id: "id",
  saleCap: "leads per sale",
  cpl: "cost per lead",
  costPerLead: "cost per lead",
  expiresAt: "expiry date",
  firstName: "first name",
  lastName: "last name",
  nicheId: "niche",
  buyerId: "buyer",
  formId: "form",
  leadId: "lead",
  phone: "phone number",
  _: "input",
};

function keyWords(key: string): string {
  const known = KEY_WORDS[key];
  if (known) return known;
  return key
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function isIndex(segment: PropertyKey): segment is number | string {
  return typeof segment === "number" || (typeof segment === "string" && /^\d+$/.test(segment));
}

/** ["fields", 7, "options", 2] → "Field 8, option 3"; ["zipCode"] → "Zip code"; [] → "Input". */
export function describeFieldPath(
  path: TIssuePath,
  labels?: (path: TIssuePath) => string | undefined,
): string {
  if (path.length === 0) return "Input";
  const parts: string[] = [];
  let i = 0;
  while (i < path.length) {
    const segment = path[i] as PropertyKey;
    const own = labels?.(path.slice(0, i + 1));
    const next = path[i + 1];
    if (own) {
      parts.push(own);
      i += 1;
    } else if (typeof segment === "string" && !isIndex(segment) && next !== undefined && isIndex(next)) {
      const named = labels?.(path.slice(0, i + 2));
      parts.push(named ?? `${keyWords(String(segment))} ${Number(next) + 1}`);
      i += 2;
    } else if (isIndex(segment)) {
      parts.push(`item ${Number(segment) + 1}`);
      i += 1;
    } else {
      parts.push(keyWords(String(segment)));
      i += 1;
    }
  }
  return capitalize(parts.join(", "));
}

/**
 * Zod's own wording (as opposed to a message a schema author wrote for users). "Invalid email address"
 * is also the spec's own text (000 §5.2), so it stays as written.
 */
const LIBRARY_MESSAGE =
  /^(Too small|Too big|Invalid input|Invalid option|Invalid string|Invalid (?!email address$)(email|url|uuid|date|datetime|number|enum|type|literal|union|key|element|value|format)|Invalid$|Unrecognized key|Expected |Required$|Number must|String must|Array must)/i;

export function isLibraryMessage(message: string): boolean {
  return LIBRARY_MESSAGE.test(message.trim()) || /^[\w$]+(\.[\w$]+)+:\s/.test(message);
}

function plural(n: number | bigint, one: string, many: string): string {
  return `${n} ${Number(n) === 1 ? one : many}`;
}

/** Whether a value of the wrong type was given (zod names what it received; the input itself is not kept). */
function isGiven(issue: TValidationIssue): boolean {
  if (issue.input !== undefined) return issue.input !== null;
  const received = /received (\w+)/.exec(issue.message)?.[1];
  return received !== undefined && received !== "undefined" && received !== "null";
}

/** What to do, for zod's own codes. */
function instruction(issue: TValidationIssue): string {
  switch (issue.code) {
    case "too_small": {
      const min = issue.minimum ?? 0;
      if (issue.origin === "string")
        return Number(min) <= 1
          ? "must not be empty"
          : `must be at least ${plural(min, "character", "characters")}`;
      if (issue.origin === "array" || issue.origin === "set")
        return Number(min) <= 1 ? "needs at least one entry" : `needs at least ${min} entries`;
      return `must be at least ${min}`;
    }
    case "too_big": {
      const max = issue.maximum ?? 0;
      if (issue.origin === "string") return `must be at most ${plural(max, "character", "characters")} long`;
      if (issue.origin === "array" || issue.origin === "set") return `can have at most ${max} entries`;
      return `must be at most ${max}`;
    }
    case "invalid_type":
      if (issue.input === undefined && /received undefined|Required/i.test(issue.message))
        return "is required";
      // A whole body of the wrong kind (a list, null): only an API client sends one.
      if (issue.path.length === 0 && (issue.expected === "object" || issue.expected === "record"))
        return "must be a JSON object of named fields";
      // Given, but not text (a number where an id goes): "filled in" would say it was left empty.
      if (issue.expected === "string" && isGiven(issue)) return "must be text";
      return `must be ${issue.expected === "number" || issue.expected === "int" ? "a number" : issue.expected === "boolean" ? "yes or no" : issue.expected === "array" ? "a list" : "filled in"}`;
    case "invalid_format":
      if (issue.format === "email") return "must be a valid e-mail address";
      if (issue.format === "url") return "must be a web address starting with http:// or https://";
      if (issue.format === "uuid" || issue.format === "guid")
        return "is not a valid id; reload the page and try again";
      if (issue.format === "datetime" || issue.format === "date") return "must be a valid date";
      return "is not in the expected format";
    case "invalid_value":
      if (issue.values && issue.values.length > 0 && issue.values.length <= 8)
        return `must be one of: ${issue.values.map(String).join(", ")}`;
      return "is not one of the allowed choices";
    case "unrecognized_keys":
      return `has unexpected entries (${(issue.keys ?? []).join(", ")}); remove them and try again`;
    case "not_multiple_of":
      return "is not an allowed value";
    default:
      return "is not valid; check it and try again";
  }
}

/** One sentence for one failure: "Field 8, option 3 must not be empty." */
export function describeValidationIssue(
  issue: TValidationIssue,
  labels?: (path: TIssuePath) => string | undefined,
): string {
  const name = describeFieldPath(issue.path, labels);
  const message = issue.message.trim();
  if (message && !isLibraryMessage(message)) {
    // An author's message that reads as a predicate ("Must be a hex colour…") gets the field's name.
    if (/^(must|is|are|should|cannot|can't) /i.test(message))
      return `${name} ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
    return message;
  }
  return `${name} ${instruction(issue)}.`;
}

/** The first failure's sentence, and how many more there are. */
export function summarizeValidationIssues(
  issues: readonly TValidationIssue[],
  labels?: (path: TIssuePath) => string | undefined,
): string {
  const first = issues[0];
  if (!first) return "Some of the information is not valid. Check the form and try again.";
  const sentence = describeValidationIssue(first, labels);
  const more = issues.length - 1;
  return more > 0 ? `${sentence} (and ${plural(more, "more problem", "more problems")})` : sentence;
}
