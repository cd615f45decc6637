// Company Settings' Team tab: its texts (002 §5), zod-free for the browser (schemas/settings.ts re-exports them).

export const TEAM_MESSAGES = {
  SEAT_LIMIT:
    "All {seats} seats of your plan are in use. Upgrade your subscription to invite more team members.",
  OWNER_CANNOT_BE_REMOVED: "The company owner cannot be removed.",
  OWNER_ROLE_FIXED: "The owner's role cannot be changed here.",
  ALREADY_MEMBER: "This person is already on your team.",
  ALREADY_INVITED: "This person already has a pending invitation.",
  INVITED: "Invitation sent to {email}",
} as const;
