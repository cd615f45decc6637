/**
 * Spec 000 §7.1: before treating a 401 as the end of the session, ask the auth service once whether the
 * session still exists (this also renews its cookie). True means the failed call is worth one retry.
 */
export async function sessionStillValid(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchImpl("/api/auth/get-session", {
      credentials: "include",
      headers: { Accept: "application/json" },
      cache: "no-store",
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { session?: unknown } | null;
    return Boolean(body?.session);
  } catch {
    return false;
  }
}
