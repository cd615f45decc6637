import { MailWarning } from "lucide-react";

/** The development mailbox's note (dev-mailbox-banner.tsx draws it while the mailbox is on). */
export function DevMailboxNote() {
  return (
    // A landmark of its own: everything on the page belongs to one (the banner sits above the app's).
    <aside
      aria-label="Development instance"
      className="flex items-center justify-center gap-2 bg-amber-100 px-3 py-1 text-center text-amber-950 text-xs dark:bg-amber-950 dark:text-amber-100"
    >
      <MailWarning className="size-3.5 shrink-0" aria-hidden="true" />
      <span>
        Development instance: e-mails are kept in the{" "}
        <a className="font-medium underline underline-offset-2" href="/dev/mailbox">
          development mailbox
        </a>{" "}
        (this machine and platform admins only).
      </span>
    </aside>
  );
}
