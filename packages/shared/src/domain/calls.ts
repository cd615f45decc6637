// The call center's (002) texts and lists, without zod: screens read them without the schemas
// (schemas/calls.ts re-exports them).

export const CALL_MESSAGES = {
  PHONE_REQUIRED: "Phone number is required",
  PHONE_TOO_SHORT: "Phone number must be at least 10 digits",
  E164: "Phone number must be in E.164 format (e.g., +15551234567)",
  LABEL_REQUIRED: "Label is required",
  NAME_REQUIRED: "Name is required",
  PHONE_FORMAT: "Invalid phone number format",
  ORDER_MIN: "Order must be at least 1",
  ALREADY_BLOCKED: "This number is already blocked",
  ALREADY_ASSOCIATED: "This routing number is already associated with this Twilio number",
  ROUTING_NOT_FOUND: "Routing number not found",
  NOT_FOUND: "Not found",
  NUMBER_EXISTS: "This phone number is already in your list.",
  NOT_CONFIGURED: "Twilio Not Configured",
  NOT_IN_ACCOUNT: "This number is not in your Twilio account.",
  CONNECTED: "Number connected: Twilio sends its calls here.",
  PERMISSION: "Permission denied. You must be an owner or admin to change the call center.",
  DEFAULT_BLOCK_REASON: "Manually blocked",
  NO_CALLS_SELECTED: "No calls selected",
} as const;

export const ROUTING_STRATEGIES = ["sequential", "round_robin", "simultaneous"] as const;
export const AGENT_STATUSES = ["available", "busy", "offline"] as const;
export const LIVE_CALL_STATUSES = ["queued", "initiated", "ringing", "in-progress"] as const;

/** 002 §5: what the caller hears before a recorded call, unless the number says otherwise. */
export const DEFAULT_RECORDING_MESSAGE = "This call may be recorded for quality and training purposes.";

/** 002 §8: what the debugger's error codes mean. */
export const CALL_ERROR_LEGEND = [
  { code: "21217", meaning: "Invalid number format" },
  { code: "13224", meaning: "Blocked by carrier" },
  { code: "21220", meaning: "Invalid for region" },
  { code: "no-answer", meaning: "No answer" },
  { code: "busy", meaning: "Busy" },
] as const;

export const DEBUGGER_CHECKS = ["credentials", "api", "numbers", "webhook"] as const;

/** 002 §5 and §9: the voicemail greeting audio a number may play instead of a spoken greeting. */
export const VOICEMAIL_AUDIO_RULES = {
  MAX_BYTES: 5 * 1024 * 1024,
  /** Twilio's <Play> plays MP3 and WAV (not WebM or Ogg): nothing else is taken. */
  INVALID_TYPE: "Please upload a valid audio file (MP3 or WAV)",
  TOO_LARGE: "File size must be less than 5MB",
  UPLOAD_FAILED: "Failed to upload audio",
  UPLOADED: "Voicemail audio uploaded",
  DELETED: "Voicemail audio removed",
} as const;

/** 002 §9: the voices a greeting can be spoken in. */
export const CALL_VOICES = [
  "alice",
  "man",
  "woman",
  "Polly.Amy",
  "Polly.Brian",
  "Polly.Joanna",
  "Polly.Matthew",
  "Polly.Kendra",
  "Polly.Joey",
  "Google.en-US-Neural2-A",
  "Google.en-US-Neural2-D",
  "Google.en-GB-Neural2-B",
] as const;
