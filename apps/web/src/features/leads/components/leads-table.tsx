import type { TLeadSummary } from "@leadpost/shared";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { locationText } from "../lib/filters";
import { LeadStatusBadge } from "./lead-status-badge";

/** One row per lead; a row opens its detail (click, or Enter on the name button). */
export function LeadsTable({ leads, onOpen }: { leads: TLeadSummary[]; onOpen: (id: string) => void }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Received</TableHead>
            <TableHead>Name</TableHead>
            <TableHead>Contact</TableHead>
            <TableHead>Location</TableHead>
            <TableHead>Service</TableHead>
            <TableHead>Form</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {leads.map((lead) => (
            <TableRow key={lead.id} className="cursor-pointer" onClick={() => onOpen(lead.id)}>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                {new Date(lead.createdAt).toLocaleString(undefined, {
                  dateStyle: "medium",
                  timeStyle: "short",
                })}
              </TableCell>
              <TableCell>
                <button
                  type="button"
                  className="text-left font-medium underline-offset-4 hover:underline focus-visible:underline"
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(lead.id);
                  }}
                >
                  {lead.name || "Unnamed lead"}
                </button>
                {lead.isDuplicate && (
                  <Badge variant="warning" className="ml-2">
                    Duplicate
                  </Badge>
                )}
              </TableCell>
              <TableCell>
                <div className="grid text-sm">
                  <span>{lead.email || "—"}</span>
                  <span className="text-muted-foreground">{lead.phone || ""}</span>
                </div>
              </TableCell>
              <TableCell>{locationText(lead)}</TableCell>
              <TableCell className="max-w-40 truncate">{lead.serviceType}</TableCell>
              <TableCell className="max-w-44 truncate">{lead.form?.title ?? "—"}</TableCell>
              <TableCell>
                <LeadStatusBadge status={lead.status} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
