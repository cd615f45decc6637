import type { TAdminCompany } from "@leadpost/shared";
import { CalendarPlus } from "lucide-react";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { extendCompanyTrial, setCompanyTrialExempt } from "../api";
import { useCompanyAction } from "./use-company-action";

/** Extend the trial by days, or exempt the company from it (PRODUCT.md §2: a per-company flag). */
export function CompanyTrialCard({ company }: { company: TAdminCompany }) {
  const [days, setDays] = useState("14");
  const extend = useCompanyAction(company.companyId, (n: number) => extendCompanyTrial(company.companyId, n));
  const exempt = useCompanyAction(company.companyId, (on: boolean) =>
    setCompanyTrialExempt(company.companyId, on),
  );
  const ends = company.trialExpiresAt ? new Date(company.trialExpiresAt).toLocaleDateString() : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Trial</CardTitle>
        <CardDescription>
          {ends ? `The trial ends on ${ends}.` : "The company has no trial end."} Extending starts from that
          day, or from today when it has passed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            extend.mutation.mutate(Number(days));
          }}
        >
          <FormField label="Days to add" error={extend.fieldError("days")} className="w-32">
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={365}
                value={days}
                onChange={(e) => setDays(e.target.value)}
              />
            )}
          </FormField>
          <BusyButton
            type="submit"
            variant="outline"
            busy={extend.mutation.isPending}
            icon={<CalendarPlus aria-hidden="true" />}
          >
            Extend trial
          </BusyButton>
        </form>
        <div className="flex items-center gap-3">
          <Switch
            id="trial-exempt"
            checked={company.isTrialExempt}
            disabled={exempt.mutation.isPending}
            onCheckedChange={(on) => exempt.mutation.mutate(on)}
          />
          <Label htmlFor="trial-exempt">Exempt from the trial (no trial banner, no trial end)</Label>
        </div>
      </CardContent>
    </Card>
  );
}
