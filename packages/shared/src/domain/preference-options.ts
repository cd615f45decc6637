// Spec 003 §2.8 and §9: the currencies and time zones a company picks from (the preferences page, the
// buyers' delivery hours, the schemas). Apart from ./preferences, so the display formatting every list
// loads does not carry them.

export const PREFERENCE_CURRENCIES = [
  { value: "USD", label: "US Dollar (USD)" },
  { value: "CAD", label: "Canadian Dollar (CAD)" },
  { value: "GBP", label: "British Pound (GBP)" },
  { value: "EUR", label: "Euro (EUR)" },
  { value: "AUD", label: "Australian Dollar (AUD)" },
  { value: "NZD", label: "New Zealand Dollar (NZD)" },
  { value: "JPY", label: "Japanese Yen (JPY)" },
  { value: "CHF", label: "Swiss Franc (CHF)" },
  { value: "CNY", label: "Chinese Yuan (CNY)" },
  { value: "INR", label: "Indian Rupee (INR)" },
] as const;

export const PREFERENCE_TIME_ZONES = [
  { value: "America/New_York", label: "Eastern Time (New York)" },
  { value: "America/Chicago", label: "Central Time (Chicago)" },
  { value: "America/Denver", label: "Mountain Time (Denver)" },
  { value: "America/Los_Angeles", label: "Pacific Time (Los Angeles)" },
  { value: "America/Anchorage", label: "Alaska Time (Anchorage)" },
  { value: "Pacific/Honolulu", label: "Hawaii Time (Honolulu)" },
  { value: "Europe/London", label: "London (GMT/BST)" },
  { value: "Europe/Paris", label: "Paris (CET/CEST)" },
  { value: "Asia/Tokyo", label: "Tokyo (JST)" },
  { value: "Australia/Sydney", label: "Sydney (AEST/AEDT)" },
] as const;

export type TPreferenceCurrency = (typeof PREFERENCE_CURRENCIES)[number]["value"];
export type TPreferenceTimeZone = (typeof PREFERENCE_TIME_ZONES)[number]["value"];

export function timeZoneLabel(timezone: string): string {
  return PREFERENCE_TIME_ZONES.find((z) => z.value === timezone)?.label ?? timezone;
}
