import type { TAdminCompany } from "@leadpost/shared";
import { Ban, RotateCcw } from "lucide-react";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { reinstateCompany, suspendCompany } from "../api";
import { useCompanyAction } from "./use-company-action";

/** Suspend (asks first) or reinstate; a suspension deletes nothing. */
export function CompanySuspensionCard({ company }: { company: TAdminCompany }) {
  const [reason, setReason] = useState("");
  const [asking, setAsking] = useState(false);
  const suspend = useCompanyAction(
    company.companyId,
    (why: string) => suspendCompany(company.companyId, why),
    () => {
      setAsking(false);
      setReason("");
    },
  );
  const reinstate = useCompanyAction(company.companyId, () => reinstateCompany(company.companyId));
  const reasonError = suspend.fieldError("reason");

  if (company.suspendedAt) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Suspended</CardTitle>
          <CardDescription>
            Since {new Date(company.suspendedAt).toLocaleString()}
            {company.suspendedReason ? `: ${company.suspendedReason}` : ""}. Its users see a suspended page
            and its forms take no leads.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <BusyButton
            variant="outline"
            busy={reinstate.mutation.isPending}
            icon={<RotateCcw aria-hidden="true" />}
            onClick={() => reinstate.mutation.mutate(undefined)}
          >
            Reinstate company
          </BusyButton>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Suspension</CardTitle>
        <CardDescription>
          A suspended company's users see a page saying so, and its public forms politely refuse submissions.
          Nothing is deleted; reinstating restores everything.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <FormField label="Reason" error={asking ? undefined : reasonError} hint="Kept in the audit log.">
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </FormField>
        <div>
          <Button variant="destructive" onClick={() => setAsking(true)}>
            <Ban aria-hidden="true" />
            Suspend company
          </Button>
        </div>
        <ConfirmDialog
          open={asking}
          onOpenChange={(open) => !suspend.mutation.isPending && setAsking(open)}
          title={`Suspend ${company.name}?`}
          description="Its users lose access to the company's pages and its forms stop taking leads until you reinstate it."
          confirmLabel="Suspend company"
          busy={suspend.mutation.isPending}
          onConfirm={() =>
            suspend.mutation.mutate(reason, {
              onError: () => setAsking(false),
            })
          }
        />
      </CardContent>
    </Card>
  );
}
