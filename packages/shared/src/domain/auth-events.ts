// The sign-in history page: event types, statuses and the page's length, zod-free for the browser
// (schemas/settings.ts re-exports them).

export const AUTH_EVENT_TYPES = ["signup", "login", "logout"] as const;
export const AUTH_EVENT_STATUSES = ["success", "error"] as const;

export const AUTH_EVENTS_LIMIT = 100;
