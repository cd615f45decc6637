import { type TCompanyStatus, TRIAL_WARNING_DAYS, trialDaysLeft } from "@leadpost/shared";

export type TTrialBannerState = { daysLeft: number; expired: boolean; urgent: boolean } | null;

/** Null when no banner: paid tier, exempt company, or no trial date. Days rounded up, red at 3 or fewer. */
export function trialBannerState(status: TCompanyStatus | undefined, now = new Date()): TTrialBannerState {
  if (status?.subscriptionTier !== "free" || status.isTrialExempt || !status.trialExpiresAt) return null;
  const daysLeft = trialDaysLeft(status.trialExpiresAt, now);
  return { daysLeft, expired: daysLeft === 0, urgent: daysLeft <= TRIAL_WARNING_DAYS };
}

/** Dismissal lasts for the browser session, per user and company (001 §2). */
export const dismissKey = (userId: string, companyId: string) =>
  `trial-banner-dismissed:${userId}:${companyId}`;

export function isDismissed(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

export function rememberDismissal(key: string): void {
  try {
    window.sessionStorage.setItem(key, "1");
  } catch {
    // Private mode: the banner then stays hidden for this page only.
  }
}
