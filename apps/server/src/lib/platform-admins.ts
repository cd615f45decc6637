/** Platform admins come from configuration (PLATFORM_ADMIN_EMAILS), never from the database. */
export function isPlatformAdmin(email: string, platformAdminEmails: string[]): boolean {
  return platformAdminEmails.includes(email.trim().toLowerCase());
}
