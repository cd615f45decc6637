import type { TPreviewLead } from "@leadpost/shared";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";

/** What a preview shows before unlocking: where, what and when; never who. */
export function PreviewFields({ lead }: { lead: TPreviewLead }) {
  const { date } = useDisplayFormat();
  const place = [lead.city, lead.state].filter(Boolean).join(", ") || "Location not given";
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted-foreground">Location</dt>
      <dd>{place}</dd>
      <dt className="text-muted-foreground">Zip code</dt>
      <dd>{lead.zipCode ?? "—"}</dd>
      <dt className="text-muted-foreground">Service</dt>
      <dd>{lead.serviceType}</dd>
      {lead.niche && (
        <>
          <dt className="text-muted-foreground">Niche</dt>
          <dd>{lead.niche}</dd>
        </>
      )}
      <dt className="text-muted-foreground">Received</dt>
      <dd>{date(lead.createdAt)}</dd>
    </dl>
  );
}
