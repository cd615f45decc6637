import { ADMIN_COMPANY_MESSAGES, type TAdminCompany, type TSetTierByHand } from "@leadpost/shared";
import { ArrowRightLeft } from "lucide-react";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { SELECT_TRIGGER_CLASS } from "@/components/ui/select-trigger-class";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import { setCompanyTier } from "../api";
import { useCompanyAction } from "./use-company-action";

const TIERS = [
  { tier: "free", label: "Free (2 seats)" },
  { tier: "basic", label: "Basic (10 seats)" },
  { tier: "pro", label: "Pro (25 seats)" },
  { tier: "enterprise", label: "Enterprise (100 seats)" },
] as const;

/** The plan set by hand, with a reason for the audit log; nothing is billed for it. */
export function CompanyPlanCard({ company }: { company: TAdminCompany }) {
  const [tier, setTier] = useState<TSetTierByHand["tier"]>(company.tier);
  const [reason, setReason] = useState("");
  const change = useCompanyAction(
    company.companyId,
    (input: TSetTierByHand) => setCompanyTier(company.companyId, input),
    () => setReason(""),
  );
  const byPayPal = company.billedBy === "paypal";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Plan</CardTitle>
        <CardDescription>
          {byPayPal
            ? ADMIN_COMPANY_MESSAGES.PAID_THROUGH_PAYPAL
            : "Set the company's plan by hand (for example a partner or a courtesy upgrade). Nothing is billed; the owner can still subscribe through PayPal."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            change.mutation.mutate({ tier, reason });
          }}
        >
          <FormField label="Plan" error={change.fieldError("tier")}>
            {(control) => (
              <select
                {...control}
                className={cn(SELECT_TRIGGER_CLASS, "w-full sm:w-64")}
                data-size="default"
                value={tier}
                disabled={byPayPal}
                onChange={(e) => setTier(e.target.value as TSetTierByHand["tier"])}
              >
                {TIERS.map((t) => (
                  <option key={t.tier} value={t.tier}>
                    {t.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Reason" error={change.fieldError("reason")} hint="Kept in the audit log.">
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                maxLength={500}
                value={reason}
                disabled={byPayPal}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </FormField>
          <div>
            <BusyButton
              type="submit"
              variant="outline"
              busy={change.mutation.isPending}
              disabled={byPayPal || tier === company.tier}
              icon={<ArrowRightLeft aria-hidden="true" />}
            >
              Change plan
            </BusyButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
