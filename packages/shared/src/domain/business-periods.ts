// Zod-free, so the dashboard reads it without downloading zod (bench/bundle-size.mjs).

/** The business overview's periods, in days (the dashboard's selector). */
export const BUSINESS_PERIODS = [7, 30, 90] as const;
