import type { TAuditLogEntry } from "@leadpost/shared";
import { useQuery } from "@tanstack/react-query";
import { ScrollText } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { EmptyState, ErrorState, LoadingBlock } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { fetchAuditLog, platformAdminKeys } from "../api";

const ACTION_LABEL: Record<TAuditLogEntry["action"], string> = {
  impersonation_start: "Started",
  impersonation_end: "Ended",
  impersonation_refused: "Refused",
  company_trial_extended: "Extended trial",
  company_trial_exempt_changed: "Changed trial exemption",
  company_tier_changed: "Changed plan",
  company_suspended: "Suspended company",
  company_reinstated: "Reinstated company",
};

/** Every impersonation start, end and refused action, with both users. */
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
    <div className="overflow-x-auto rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>When</TableHead>
            <TableHead>Action</TableHead>
            <TableHead>Admin</TableHead>
            <TableHead>User</TableHead>
            <TableHead className="hidden md:table-cell">Detail</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {log.data.items.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell className="whitespace-nowrap">
                {new Date(entry.createdAt).toLocaleString()}
              </TableCell>
              <TableCell>
                <Badge variant={entry.action === "impersonation_refused" ? "destructive" : "secondary"}>
                  {ACTION_LABEL[entry.action]}
                </Badge>
              </TableCell>
              <TableCell title={entry.adminUserId}>{entry.adminEmail ?? entry.adminUserId}</TableCell>
              <TableCell title={entry.targetUserId}>{entry.targetEmail ?? entry.targetUserId}</TableCell>
              <TableCell className="hidden font-mono text-xs md:table-cell">{entry.detail ?? ""}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
