import type { TBuyer, TBuyerTab } from "@leadpost/shared";
import { BUYER_MESSAGES, BUYER_TABS } from "@leadpost/shared/domain/buyers";
import { FileText, Mail, Plus, Users } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { lazyDialog } from "@/components/ui/dialog";
import { PageHeader } from "@/components/ui/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { usePhoneDisplay } from "@/lib/phone-display";
import { useNiches } from "@/lib/queries/use-niches";
import { useIsCompanyAdmin } from "@/lib/session/use-is-company-admin";
import { useBuyers } from "../hooks/use-buyers";
import { useInviteMutation } from "../hooks/use-invite-mutation";
import { BuyerCard } from "./buyer-card";
import { SetupNotice } from "./setup-notice";

// Each dialog (its form, its rules and the phone library the buyer form checks numbers with) loads on its
// first open (on-demand.mjs).
const BuyerFormDialog = lazyDialog(
  async () => (await import("./buyer-form-dialog")).BuyerFormDialog,
  (props: { open: boolean }) => props.open,
);
const InviteBuyerDialog = lazyDialog(
  async () => (await import("./invite-buyer-dialog")).InviteBuyerDialog,
  (props: { open: boolean }) => props.open,
);
const ArchiveBuyerDialog = lazyDialog(
  async () => (await import("./archive-buyer-dialog")).ArchiveBuyerDialog,
  (props: { buyer: TBuyer | null }) => props.buyer !== null,
);
const ApplicationLinkDialog = lazyDialog(
  async () => (await import("./application-link-dialog")).ApplicationLinkDialog,
  (props: { open: boolean }) => props.open,
);

const TAB_LABELS: Record<TBuyerTab, string> = {
  active: "Active Buyers",
  pending: "Pending Buyers",
  inactive: "Inactive Buyers",
  all: "All Buyers",
};
const ALL_NICHES = "__all__";
const isTab = (v: string | null): v is TBuyerTab => (BUYER_TABS as readonly string[]).includes(v ?? "");

/** /dashboard/buyers (001 §2): four tabs, niche scope in the URL (?tab=&niche=). */
export function BuyersPage() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab");
  const tab: TBuyerTab = isTab(tabParam) ? tabParam : "active";
  const nicheId = params.get("niche") ?? undefined;
  const isAdmin = useIsCompanyAdmin();
  const buyers = useBuyers(tab, nicheId);
  const niches = useNiches();
  const nicheName = niches.data?.niches.find((n) => n.id === nicheId)?.name;

  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TBuyer | null>(null);
  const [archiving, setArchiving] = useState<TBuyer | null>(null);
  const [inviteTarget, setInviteTarget] = useState<TBuyer | null>(null);
  const [inviting, setInviting] = useState(false);
  const [applying, setApplying] = useState(false);
  const invite = useInviteMutation();
  // Numbers of another country are drawn again once the phone library has formatted them.
  usePhoneDisplay();

  const update = (next: { tab?: TBuyerTab; niche?: string | null }) => {
    const p = new URLSearchParams(params);
    if (next.tab) p.set("tab", next.tab);
    if (next.niche !== undefined) {
      if (next.niche) p.set("niche", next.niche);
      else p.delete("niche");
    }
    setParams(p, { replace: true });
  };

  // With a niche the invitation needs nothing more: one call. Without one, the dialog asks for it.
  const onInvite = (b: TBuyer) => {
    if (b.niche) invite.mutate({ email: b.email, nicheId: b.niche.id, buyerId: b.id });
    else {
      setInviteTarget(b);
      setInviting(true);
    }
  };

  const counts = buyers.data?.counts;
  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Buyers"
        description="The lead buyers your leads are routed to, by niche and service area."
        actions={
          <div className="flex flex-wrap gap-2">
            {isAdmin && (
              <>
                <Button onClick={() => setAdding(true)}>
                  <Plus aria-hidden="true" />
                  Add Buyer
                </Button>
                <Button
                  variant="outline"
                  onClick={() => {
                    setInviteTarget(null);
                    setInviting(true);
                  }}
                >
                  <Mail aria-hidden="true" />
                  Invite Buyer
                </Button>
              </>
            )}
            <Button variant="outline" onClick={() => setApplying(true)}>
              <FileText aria-hidden="true" />
              Submit Application
            </Button>
          </div>
        }
      />
      {isAdmin && <SetupNotice />}
      <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <Tabs value={tab} onValueChange={(v) => isTab(v) && update({ tab: v })}>
          <TabsList className="h-auto flex-wrap">
            {BUYER_TABS.map((t) => (
              <TabsTrigger key={t} value={t}>
                {TAB_LABELS[t]}
                {counts && <span className="ml-1 text-muted-foreground tabular-nums">({counts[t]})</span>}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <Select
          value={nicheId ?? ALL_NICHES}
          onValueChange={(v) => update({ niche: v === ALL_NICHES ? null : v })}
        >
          <SelectTrigger className="w-full md:w-56" aria-label="Niche">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_NICHES}>All niches</SelectItem>
            {niches.data?.niches.map((n) => (
              <SelectItem key={n.id} value={n.id}>
                {n.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <section aria-labelledby="buyers-list-heading" className="grid gap-3">
        <h2 id="buyers-list-heading" className="font-semibold text-lg">
          {TAB_LABELS[tab]}
          {nicheId && nicheName && <span className="font-normal text-muted-foreground"> · {nicheName}</span>}
        </h2>
        {buyers.isPending ? (
          <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading buyers">
            <Skeleton className="h-28 w-full" />
            <Skeleton className="h-28 w-full" />
          </div>
        ) : buyers.isError ? (
          <Card role="alert">
            <CardHeader>
              <CardTitle>{BUYER_MESSAGES.LOAD_FAILED}</CardTitle>
              <CardDescription>{buyers.error.message}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button variant="outline" onClick={() => void buyers.refetch()}>
                Try again
              </Button>
            </CardContent>
          </Card>
        ) : buyers.data.buyers.length === 0 ? (
          <Card className="border-dashed">
            <CardHeader className="items-center text-center">
              <div className="mx-auto mb-2 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Users className="size-5" aria-hidden="true" />
              </div>
              <CardTitle>
                No {tab === "all" ? "" : `${tab} `}buyers{nicheName ? ` in ${nicheName}` : ""}
              </CardTitle>
              <CardDescription>
                {tab === "pending"
                  ? "Invited buyers and applications wait here until they are approved."
                  : "Add a buyer, invite one by e-mail, or share your application link."}
              </CardDescription>
            </CardHeader>
          </Card>
        ) : (
          buyers.data.buyers.map((b) => (
            <BuyerCard
              key={b.id}
              buyer={b}
              canManage={isAdmin}
              onEdit={setEditing}
              onArchive={setArchiving}
              onInvite={onInvite}
            />
          ))
        )}
      </section>
      <BuyerFormDialog
        open={adding || editing !== null}
        buyer={editing}
        onOpenChange={(open) => {
          if (!open) {
            setAdding(false);
            setEditing(null);
          }
        }}
      />
      <InviteBuyerDialog
        open={inviting}
        onOpenChange={setInviting}
        target={
          inviteTarget && {
            buyerId: inviteTarget.id,
            email: inviteTarget.email,
            nicheId: inviteTarget.niche?.id ?? null,
          }
        }
      />
      <ArchiveBuyerDialog buyer={archiving} onClose={() => setArchiving(null)} />
      <ApplicationLinkDialog open={applying} onOpenChange={setApplying} />
    </div>
  );
}
