import type { TAuditLogEntry } from "@leadpost/shared";
import { useQuery } from "@tanstack/react-query";
import { ScrollText } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { LoadingBlock } from "@/components/ui/lazy-panel";
import { EmptyState, ErrorState } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { fetchAuditLog, platformAdminKeys } from "../api";

/** A platform admin's action on a company (its detail says which company and why). */
const COMPANY_ACTION_WORDS: Partial<Record<TAuditLogEntry["action"], string>> = {
  company_trial_extended: "Extended trial",
  company_trial_exempt_changed: "Changed trial exemption",
  company_tier_changed: "Changed plan",
  company_suspended: "Suspended company",
  company_reinstated: "Reinstated company",
};

/** What the entry says happened, in words (requests carry their own: "Changed payment settings"). */
export function auditActionWords(entry: TAuditLogEntry): string {
  switch (entry.action) {
    case "impersonation_start":
      return "Started impersonating";
    case "impersonation_end":
      return entry.detail ? `Impersonation ended: ${entry.detail.toLowerCase()}` : "Impersonation ended";
    default: {
      const words = COMPANY_ACTION_WORDS[entry.action];
      if (words) return entry.detail ? `${words}: ${entry.detail}` : words;
      return entry.detail ?? entry.request ?? "Request";
    }
  }
}

/** Refused, or the outcome of a request made while impersonating; nothing for starts and ends. */
function Outcome({ entry }: { entry: TAuditLogEntry }) {
  if (entry.action === "impersonation_refused") return <Badge variant="destructive">Refused</Badge>;
  if (entry.action !== "impersonation_request" || entry.status === null) return null;
  const failed = entry.status >= 400;
  return (
    <Badge variant={failed ? "outline" : "secondary"}>{failed ? `Failed (${entry.status})` : "Done"}</Badge>
  );
}

const when = (entry: TAuditLogEntry) => new Date(entry.createdAt).toLocaleString();
const adminOf = (entry: TAuditLogEntry) => entry.adminEmail ?? "Deleted account";
const userOf = (entry: TAuditLogEntry) => entry.targetEmail ?? "Deleted account";

/** Every impersonation start and end and every request made while impersonating, with both users. */
export function AuditLogTab() {
  const log = useQuery({ queryKey: platformAdminKeys.audit, queryFn: ({ signal }) => fetchAuditLog(signal) });
  if (log.isPending) return <LoadingBlock rows={3} />;
  if (log.isError) {
    return (
      <ErrorState title="Failed to load the audit log" error={log.error} onRetry={() => void log.refetch()} />
    );
  }
  if (log.data.items.length === 0) {
    return <EmptyState icon={ScrollText} title="No impersonations yet" />;
  }
  return (
    <>
      {/* Narrow screens: one card per entry, every value wraps instead of being cut off. */}
      <ul className="divide-y rounded-md border md:hidden" aria-label="Audit log">
        {log.data.items.map((entry) => (
          <li key={entry.id} className="space-y-1 p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium [overflow-wrap:anywhere]" title={entry.request ?? undefined}>
                {auditActionWords(entry)}
              </span>
              <Outcome entry={entry} />
            </div>
            <p className="text-muted-foreground [overflow-wrap:anywhere]">
              {adminOf(entry)} as {userOf(entry)}
            </p>
            <p className="text-muted-foreground text-xs">{when(entry)}</p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-md border md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>When</TableHead>
              <TableHead>Admin</TableHead>
              <TableHead>User</TableHead>
              <TableHead>Action</TableHead>
              <TableHead>Outcome</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {log.data.items.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell className="whitespace-nowrap align-top">{when(entry)}</TableCell>
                <TableCell className="whitespace-normal align-top [overflow-wrap:anywhere]">
                  {adminOf(entry)}
                </TableCell>
                <TableCell className="whitespace-normal align-top [overflow-wrap:anywhere]">
                  {userOf(entry)}
                </TableCell>
                {/* The request itself (method and path) is kept for the record and shown on hover. */}
                <TableCell
                  className="min-w-48 whitespace-normal align-top"
                  title={entry.request ?? undefined}
                >
                  {auditActionWords(entry)}
                </TableCell>
                <TableCell className="align-top">
                  <Outcome entry={entry} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}
