import { RESET_MESSAGES } from "@leadpost/shared";

export type TResetLinkState =
  | { type: "valid"; token: string }
  | { type: "invalid"; reason: "invalid" | "expired" | "incomplete" };

/**
 * Reads a recovery token from the query string or the URL hash (000 §2.8): `token`, or `code`, or
 * `access_token` with `type=recovery`. An `error` from the e-mailed link's check means invalid.
 */
export function readResetLink(search: string, hash: string): TResetLinkState {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  const get = (key: string) => query.get(key) ?? fragment.get(key);
  const error = get("error") ?? get("error_code");
  if (error) return { type: "invalid", reason: /expired/i.test(error) ? "expired" : "invalid" };
  const token = get("token") ?? get("code");
  if (token) return { type: "valid", token };
  const accessToken = get("access_token");
  if (accessToken && (get("type") ?? "recovery") === "recovery") return { type: "valid", token: accessToken };
  return { type: "invalid", reason: "incomplete" };
}

export const RESET_LINK_TEXT = {
  invalid: RESET_MESSAGES.LINK_INVALID,
  expired: RESET_MESSAGES.LINK_EXPIRED,
  incomplete: RESET_MESSAGES.LINK_INCOMPLETE,
} as const;
