import { HIDDEN_CONTACT_TEXT, type TLeadDetail } from "@leadpost/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { LeadDeliveryLog } from "@/components/lead-delivery/delivery-log";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Separator } from "@/components/ui/separator";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { useIsCompanyAdmin } from "@/lib/session/use-is-company-admin";
import { toast } from "@/lib/toast";
import { deleteLead, fetchLead, leadKeys } from "../api";
import { locationText, ROUTING_STATUS_LABELS } from "../lib/filters";
import { LeadRoutingSection } from "../routing/components/lead-routing-section";
import { LeadCallTouches } from "./lead-call-touches";
import { LeadStatusBadge } from "./lead-status-badge";
import { leadName } from "./leads-table";
import { PhoneMark } from "./phone-mark";
import { RoutingDecisions } from "./routing-decisions";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_minmax(0,1fr)] gap-3 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function answerText(value: TLeadDetail["fields"][number]["value"]): string {
  if (value === null || value === "") return "—";
  if (Array.isArray(value)) return value.join(", ") || "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

const HIDDEN_WORDS = { name: "name", phone: "phone", address: "address" } as const;
const hiddenList = (kinds: TLeadDetail["hiddenContact"]) => {
  const words = kinds.map((k) => HIDDEN_WORDS[k]);
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : (words[0] ?? "");
};

/** Everything known about one lead: answers, source, routing decisions and the buyers holding it. */
export function LeadDetailSheet({ leadId, onClose }: { leadId: string | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // The server lets only owners and org admins delete leads: members are not offered the button.
  const isAdmin = useIsCompanyAdmin();
  const { dateTime } = useDisplayFormat();
  const query = useQuery({
    queryKey: leadKeys.detail(leadId ?? ""),
    queryFn: ({ signal }) => fetchLead(leadId as string, signal),
    enabled: Boolean(leadId),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteLead(id),
    onSuccess: (result) => {
      toast.success(result.message);
      onClose();
      void queryClient.invalidateQueries({ queryKey: leadKeys.all });
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
    onError: (error) => toast.error("Failed to delete lead", { description: error.message }),
  });
  const lead = query.data;
  const submission = lead?.submission;

  return (
    <Sheet open={leadId !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-xl">
        <SheetHeader>
          <SheetTitle>{lead ? leadName(lead) : "Lead"}</SheetTitle>
          <SheetDescription>
            {lead
              ? `Received ${dateTime(lead.createdAt)}${lead.form ? ` from ${lead.form.title}` : ""}`
              : "Loading…"}
          </SheetDescription>
        </SheetHeader>
        <div className="grid gap-5 px-4 pb-6">
          {query.isPending ? (
            <div className="grid gap-2" aria-busy="true">
              <Skeleton className="h-6" />
              <Skeleton className="h-40" />
            </div>
          ) : query.isError ? (
            <p role="alert" className="text-destructive text-sm">
              {query.error.message}
            </p>
          ) : lead ? (
            <>
              <div className="flex flex-wrap gap-2">
                <LeadStatusBadge status={lead.status} routing={submission?.routingStatus === "pending"} />
                {lead.isTest && <Badge variant="outline">Test lead (sandbox): never routed or billed</Badge>}
                {lead.isDuplicate && <Badge variant="warning">Duplicate</Badge>}
                <Badge variant="outline">
                  Sold {lead.saleCount} of {lead.saleCap}
                </Badge>
                {lead.niche && <Badge variant="outline">{lead.niche.name}</Badge>}
              </div>
              <section aria-labelledby="lead-contact">
                <h3 id="lead-contact" className="mb-1 font-semibold text-sm">
                  Contact
                </h3>
                <dl>
                  <Row label="E-mail">{lead.email || "—"}</Row>
                  <Row label="Phone">
                    {lead.hiddenContact.includes("phone") ? HIDDEN_CONTACT_TEXT : lead.phone || "—"}
                    {lead.phone && <PhoneMark leadId={lead.id} />}
                  </Row>
                  <Row label="Location">{locationText(lead)}</Row>
                  <Row label="Service">{lead.serviceType}</Row>
                </dl>
              </section>
              <Separator />
              <section aria-labelledby="lead-answers">
                <h3 id="lead-answers" className="mb-1 font-semibold text-sm">
                  Submitted fields
                </h3>
                {lead.hiddenContact.length > 0 && (
                  <p className="mb-1 text-muted-foreground text-sm">
                    Your company's preferences hide the customer's {hiddenList(lead.hiddenContact)}.
                  </p>
                )}
                <dl>
                  {lead.fields.map((f, i) => (
                    <Row key={`${f.fieldId ?? f.label}-${i}`} label={f.label}>
                      {answerText(f.value)}
                    </Row>
                  ))}
                </dl>
              </section>
              {submission && (
                <>
                  <Separator />
                  <section aria-labelledby="lead-source">
                    <h3 id="lead-source" className="mb-1 font-semibold text-sm">
                      Source
                    </h3>
                    <dl>
                      <Row label="Landing page">{submission.landingPage || "—"}</Row>
                      <Row label="Referrer">{submission.referrer || "—"}</Row>
                      {Object.entries({ ...submission.utm, ...submission.clickIds }).map(([k, v]) => (
                        <Row key={k} label={k}>
                          {v}
                        </Row>
                      ))}
                      <Row label="IP address">{submission.ipAddress || "—"}</Row>
                      <Row label="Fill time">
                        {submission.fillTimeMs !== null
                          ? `${Math.round(submission.fillTimeMs / 1000)} s`
                          : "—"}
                      </Row>
                      {submission.consent && (
                        <Row label="Consent">
                          {submission.consent.text} ({dateTime(submission.consent.at)})
                        </Row>
                      )}
                      <Row label="Routing">
                        {ROUTING_STATUS_LABELS[submission.routingStatus]}
                        {submission.routingError ? ` — ${submission.routingError}` : ""}
                      </Row>
                    </dl>
                  </section>
                </>
              )}
              <LeadCallTouches leadId={lead.id} />
              <Separator />
              <RoutingDecisions lead={lead} />
              <LeadRoutingSection leadId={lead.id} />
              <Separator />
              <LeadDeliveryLog path={`/api/leads/${lead.id}/deliveries`} showBuyer />
              {isAdmin && (
                <>
                  <Separator />
                  <Button
                    variant="destructive"
                    className="w-fit"
                    disabled={remove.isPending}
                    onClick={() => setConfirming(true)}
                  >
                    <Trash2 aria-hidden="true" /> Delete lead
                  </Button>
                </>
              )}
            </>
          ) : null}
        </div>
      </SheetContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete lead"
        description="Are you sure you want to delete this lead? This action cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => {
          if (leadId) remove.mutate(leadId);
          setConfirming(false);
        }}
      />
    </Sheet>
  );
}
