import type { TLeadSummary } from "@leadpost/shared";
import { HIDDEN_CONTACT_TEXT } from "@leadpost/shared/domain/preferences";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { locationText } from "../lib/filters";
import { LeadStatusBadge } from "./lead-status-badge";

/** One row per lead; a row opens its detail (click, or Enter on the name button). */
export function LeadsTable({ leads, onOpen }: { leads: TLeadSummary[]; onOpen: (id: string) => void }) {
  const { dateTime } = useDisplayFormat();
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
                {dateTime(lead.createdAt)}
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
                  {leadName(lead)}
                </button>
                {lead.isTest && (
                  <Badge variant="outline" className="ml-2">
                    Test
                  </Badge>
                )}
                {lead.isDuplicate && (
                  <Badge variant="warning" className="ml-2">
                    Duplicate
                  </Badge>
                )}
              </TableCell>
              <TableCell>
                <div className="grid text-sm">
                  <span>{lead.email || "—"}</span>
                  <span className="text-muted-foreground">
                    {lead.hiddenContact.includes("phone") ? HIDDEN_CONTACT_TEXT : lead.phone || ""}
                  </span>
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

/** The lead's name; "Hidden" when the company's preferences keep it from this user. */
export function leadName(lead: Pick<TLeadSummary, "name" | "hiddenContact">) {
  if (lead.hiddenContact.includes("name")) return HIDDEN_CONTACT_TEXT;
  return lead.name || "Unnamed lead";
}
