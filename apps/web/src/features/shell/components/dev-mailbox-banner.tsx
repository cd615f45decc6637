import { useQuery } from "@tanstack/react-query";
import { MailWarning } from "lucide-react";
import { apiPath } from "@/lib/api/typed-client";

async function fetchDevMailboxFlag(): Promise<boolean> {
  const response = await fetch(apiPath("/api/health"), { headers: { Accept: "application/json" } });
  // A degraded instance (503) still tells whether the mailbox is on.
  // Only the one flag is read, so it is checked by hand (zod stays out of the first load).
  const health: unknown = await response.json();
  return (
    typeof health === "object" && health !== null && (health as { devMailbox?: unknown }).devMailbox === true
  );
}

/**
 * Shown on every page while the development mailbox is on (never in production): whoever uses this
 * instance should know that the e-mails it sends, reset links included, are readable there.
 */
export function DevMailboxBanner() {
  const { data: on } = useQuery({
    queryKey: ["system", "dev-mailbox"],
    queryFn: fetchDevMailboxFlag,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!on) return null;
  return (
    <div
      role="note"
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
    </div>
  );
}
