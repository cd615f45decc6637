// Zod-free so the web app's first load (the trial banner, the dashboard map) can use them without zod.

export const MAP_MESSAGES = {
  LOGIN: "Please log in to view the map",
  NO_BUYERS: "No active buyers found",
  NO_LOCATIONS: "No buyers with valid locations found",
  FAILED: "Failed to load buyers map",
} as const;

// The company facts the trial banner and the setup notice need (001 §2 Trial banner, §9).

export const TRIAL_WARNING_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Days left rounded up, floored at 0 (001 §9). */
export function trialDaysLeft(trialExpiresAt: string | Date, now: Date = new Date()): number {
  const ms = new Date(trialExpiresAt).getTime() - now.getTime();
  return Math.max(0, Math.ceil(ms / DAY_MS));
}
