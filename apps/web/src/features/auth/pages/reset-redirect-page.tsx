import { Navigate, useLocation } from "react-router";
import { RESET_PAGE, type TResetAudience } from "../reset-api";

/** Finds a recovery code in the query, the hash, or the last path segment (/auth/recovery/<code>). */
export function findRecoveryParams(pathname: string, search: string, hash: string): URLSearchParams {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  const get = (key: string) => query.get(key) ?? fragment.get(key);
  const out = new URLSearchParams();
  const fromPath = pathname.match(/\/auth\/recovery\/([^/]+)\/?$/)?.[1];
  const code = get("code") ?? get("token") ?? (fromPath ? decodeURIComponent(fromPath) : null);
  const accessToken = get("access_token");
  const refreshToken = get("refresh_token");
  const error = get("error") ?? get("error_code");
  if (error) out.set("error", error);
  else if (code) out.set("token", code);
  else if (accessToken && refreshToken && get("type") === "recovery") out.set("token", accessToken);
  return out;
}

/**
 * Spec 000 §2.10: sends a recovery link (a code, or access and refresh tokens with type=recovery) to
 * the buyer or general reset page, by its `target`.
 */
export function ResetRedirectPage() {
  const { pathname, search, hash } = useLocation();
  const target =
    new URLSearchParams(search).get("target") ?? new URLSearchParams(hash.replace(/^#/, "")).get("target");
  const audience: TResetAudience = target === "buyer" ? "buyer" : "general";
  const params = findRecoveryParams(pathname, search, hash).toString();
  return <Navigate to={`${RESET_PAGE[audience]}${params ? `?${params}` : ""}`} replace />;
}
