import type { TPreviewLead } from "@leadpost/shared";

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

/** What a preview shows before unlocking: where, what and when; never who. */
export function PreviewFields({ lead }: { lead: TPreviewLead }) {
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
      <dd>{formatDate(lead.createdAt)}</dd>
    </dl>
  );
}
