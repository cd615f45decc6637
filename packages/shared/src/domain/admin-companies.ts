// The platform admin's company texts, zod-free for the browser (schemas/admin-companies.ts re-exports them).
import { COMPANY_SUSPENDED_MESSAGE } from "./company-suspension";

/** Platform admin → Subscribers → a company: trial, exemption, tier by hand, suspension. */
export const ADMIN_COMPANY_MESSAGES = {
  TRIAL_EXTENDED: "Trial extended",
  TRIAL_EXEMPT_ON: "The company is now exempt from the trial",
  TRIAL_EXEMPT_OFF: "The company is no longer exempt from the trial",
  TIER_CHANGED: "Plan changed",
  SUSPENDED: "Company suspended",
  REINSTATED: "Company reinstated",
  REASON_REQUIRED: "Please give a reason (at least 3 characters)",
  DAYS_RANGE: "Enter a number of days from 1 to 365",
  PAID_THROUGH_PAYPAL:
    "This company pays for its plan through PayPal. Its owner changes or cancels it in Subscription Settings.",
  ALREADY_SUSPENDED: "The company is already suspended",
  NOT_SUSPENDED: "The company is not suspended",
  COMPANY_SUSPENDED: COMPANY_SUSPENDED_MESSAGE,
} as const;
