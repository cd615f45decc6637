import type { TAssignmentOption } from "@leadpost/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { useIsCompanyAdmin } from "@/lib/session/use-is-company-admin";
import { toast } from "@/lib/toast";
import { assignLead, assignmentKeys, fetchAssignmentOptions } from "../api";

const HOLDS = { none: null, preview: "Has a preview", full_access: "Has full access" } as const;

function distanceText(b: TAssignmentOption): string {
  if (b.distanceMiles === null) return `No location · radius ${b.serviceRadius} mi`;
  return `${b.distanceMiles} mi away · radius ${b.serviceRadius} mi`;
}

/**
 * Manual assignment on the lead detail (company admins): find an active buyer, nearest first, and
 * give it full access. Takes one of the lead's sale slots; charges the buyer nothing.
 */
export function LeadRoutingSection({ leadId }: { leadId: string }) {
  const isAdmin = useIsCompanyAdmin();
  const queryClient = useQueryClient();
  const searchId = useId();
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(t);
  }, [typed]);

  const query = useQuery({
    queryKey: assignmentKeys.options(leadId, search),
    queryFn: ({ signal }) => fetchAssignmentOptions(leadId, search, signal),
    enabled: isAdmin,
  });
  const assign = useMutation({
    mutationFn: (buyerId: string) => assignLead(leadId, buyerId),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: ["leads"] });
      void queryClient.invalidateQueries({ queryKey: assignmentKeys.all });
    },
    onError: (error) => toast.error("Failed to assign lead", { description: error.message }),
  });

  if (!isAdmin) return null;
  const data = query.data;
  const soldOut = data ? data.saleCount >= data.saleCap : false;

  return (
    <section aria-labelledby="lead-assign" className="grid gap-3">
      <h3 id="lead-assign" className="font-semibold text-sm">
        Assign to a buyer
      </h3>
      <div className="grid gap-1.5">
        <Label htmlFor={searchId}>Search buyers</Label>
        <Input
          id={searchId}
          type="search"
          placeholder="Company, contact or e-mail"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
      {soldOut && (
        <p className="text-muted-foreground text-sm">
          This lead has reached its sale cap ({data?.saleCount} of {data?.saleCap}).
        </p>
      )}
      {query.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : query.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {query.error.message}
        </p>
      ) : data && data.buyers.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          {search ? "No active buyer matches this search." : "This company has no active buyers yet."}
        </p>
      ) : (
        <ul className="grid gap-2">
          {data?.buyers.map((b) => (
            <li
              key={b.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm"
            >
              <div className="grid min-w-0 gap-0.5">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {b.name}
                  {b.niche && <Badge variant="outline">{b.niche}</Badge>}
                  {HOLDS[b.holds] && <Badge variant="secondary">{HOLDS[b.holds]}</Badge>}
                </span>
                <span className="truncate text-muted-foreground text-xs">
                  {b.email} · {distanceText(b)}
                </span>
              </div>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Assign to ${b.name}`}
                disabled={assign.isPending || soldOut || b.holds === "full_access"}
                onClick={() => assign.mutate(b.id)}
              >
                <UserPlus aria-hidden="true" /> Assign
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
