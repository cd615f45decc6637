// Spec 000 §3: during the Google invitation flow the browser keeps the invitation locally.
const KEY = "pending-buyer-invitation";

export type TPendingInvitation = { token: string; savedAt: number };
/** A pending acceptance older than this is forgotten (the OAuth round trip takes seconds). */
const MAX_AGE_MS = 30 * 60 * 1000;

export function savePendingInvitation(token: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ token, savedAt: Date.now() }));
  } catch {
    // Without storage the Google path cannot finish; the password path still works.
  }
}

export function readPendingInvitation(): TPendingInvitation | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<TPendingInvitation>;
    if (typeof value.token !== "string" || typeof value.savedAt !== "number") return null;
    return Date.now() - value.savedAt < MAX_AGE_MS ? { token: value.token, savedAt: value.savedAt } : null;
  } catch {
    return null;
  }
}

export function clearPendingInvitation(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
