import type { TApplicationCompany } from "@leadpost/shared";
import { APPLICATION_MESSAGES } from "@leadpost/shared/domain/buyers";
import { useMutation, useQuery } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { BusyButton } from "@/components/ui/busy-button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api-error";
import { checksOnSubmit } from "@/lib/on-first-use";
import { useDocumentTitle } from "@/lib/use-document-title";
import { fetchApplicationCompany, submitApplication } from "../api";

// The API's rules (zod and the phone library), loaded on the first submit (on-demand.mjs).
const loadChecks = checksOnSubmit(() => import("../application-checks"));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /register?company={id}: a prospective buyer applies to a company (PRODUCT §2). */
export function BuyerApplicationPage() {
  useDocumentTitle("Register as a Lead Buyer");
  const [params] = useSearchParams();
  const companyId = params.get("company") ?? "";
  const valid = UUID.test(companyId);
  const company = useQuery({
    queryKey: ["application-company", companyId],
    queryFn: ({ signal }) => fetchApplicationCompany(companyId, signal),
    enabled: valid,
    retry: false,
  });

  return (
    <Card className="w-full max-w-xl">
      <CardHeader>
        {company.data?.logoUrl && (
          <img src={company.data.logoUrl} alt="" className="mb-2 h-10 w-auto self-start" />
        )}
        <CardTitle className="text-xl">Register as a Lead Buyer</CardTitle>
        <CardDescription>
          {company.data
            ? `Apply to receive leads from ${company.data.name}.`
            : "Apply to receive leads from a company on Leadpost."}
        </CardDescription>
      </CardHeader>
      {!valid || company.isError ? (
        <CardContent>
          <p role="alert" className="text-destructive text-sm">
            {company.isError && !(isApiError(company.error) && company.error.status === 404)
              ? company.error.message
              : APPLICATION_MESSAGES.NO_COMPANY}
          </p>
        </CardContent>
      ) : company.isPending ? (
        <CardContent className="grid gap-3" role="status" aria-busy="true" aria-label="Loading">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </CardContent>
      ) : (
        <ApplicationForm companyId={companyId} company={company.data} />
      )}
      <CardFooter className="justify-center text-muted-foreground text-sm">
        Already a buyer?&nbsp;
        <Link to="/buyer/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>
      </CardFooter>
    </Card>
  );
}

const FIELDS = [
  { key: "contactName", label: "Your name", autoComplete: "name" },
  { key: "companyName", label: "Company name", autoComplete: "organization" },
  { key: "email", label: "Email", type: "email", autoComplete: "email" },
  { key: "phoneNumber", label: "Phone", type: "tel", autoComplete: "tel" },
  { key: "zipCode", label: "ZIP code", autoComplete: "postal-code" },
  { key: "serviceRadius", label: "Service radius (miles)", type: "number" },
  { key: "city", label: "City", autoComplete: "address-level2" },
  { key: "state", label: "State", autoComplete: "address-level1" },
] as const;
type TKey = (typeof FIELDS)[number]["key"] | "nicheId" | "message";

function ApplicationForm({ companyId, company }: { companyId: string; company: TApplicationCompany }) {
  const id = useId();
  const [values, setValues] = useState<Record<TKey, string>>({
    contactName: "",
    companyName: "",
    email: "",
    phoneNumber: "",
    zipCode: "",
    serviceRadius: "50",
    city: "",
    state: "",
    nicheId: "",
    message: "",
  });
  const [errors, setErrors] = useState<Partial<Record<TKey, string>>>({});
  const mutation = useMutation({ mutationFn: submitApplication });
  // The rules' download failed: said where a failed submission is said.
  const [loadError, setLoadError] = useState<string | null>(null);

  if (mutation.isSuccess) {
    return (
      <CardContent>
        <div
          role="status"
          className="flex gap-3 rounded-lg border border-success/40 bg-success/10 p-4 text-sm"
        >
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          <p>{mutation.data.message}</p>
        </div>
      </CardContent>
    );
  }

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setLoadError(null);
    const checks = await loadChecks().catch((error: Error) => setLoadError(error.message));
    if (!checks) return;
    const { ZBuyerApplicationSchema } = checks;
    const input = {
      ...values,
      companyId,
      nicheId: values.nicheId || null,
      serviceRadius: values.serviceRadius.trim() === "" ? Number.NaN : Number(values.serviceRadius),
    };
    const parsed = ZBuyerApplicationSchema.safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<TKey, string>> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0]) as TKey] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    mutation.mutate(input);
  };

  const set = (key: TKey, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const apiError = mutation.error && isApiError(mutation.error) ? mutation.error : null;
  return (
    <form noValidate onSubmit={onSubmit}>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <FormField
            key={f.key}
            id={`${id}-${f.key}`}
            label={f.label}
            error={errors[f.key] ?? apiError?.fields?.[f.key]?.[0]}
          >
            {(a11y) => (
              <Input
                {...a11y}
                type={"type" in f ? f.type : "text"}
                autoComplete={"autoComplete" in f ? f.autoComplete : undefined}
                value={values[f.key]}
                onChange={(e) => set(f.key, e.target.value)}
              />
            )}
          </FormField>
        ))}
        {company.niches.length > 0 && (
          <FormField id={`${id}-niche`} label="Niche" error={errors.nicheId} className="sm:col-span-2">
            {(a11y) => (
              <Select value={values.nicheId} onValueChange={(v) => set("nicheId", v)}>
                <SelectTrigger {...a11y} className="w-full">
                  <SelectValue placeholder="Select a niche" />
                </SelectTrigger>
                <SelectContent>
                  {company.niches.map((n) => (
                    <SelectItem key={n.id} value={n.id}>
                      {n.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
        )}
        <FormField
          id={`${id}-message`}
          label="Message (optional)"
          error={errors.message}
          className="sm:col-span-2"
        >
          {(a11y) => (
            <Textarea
              {...a11y}
              rows={3}
              value={values.message}
              onChange={(e) => set("message", e.target.value)}
            />
          )}
        </FormField>
        {(loadError ?? mutation.error) && (
          <p role="alert" className="text-destructive text-sm sm:col-span-2">
            {loadError ?? mutation.error?.message}
          </p>
        )}
        <BusyButton
          type="submit"
          className="sm:col-span-2"
          disabled={mutation.isPending}
          busy={mutation.isPending}
          busyLabel="Submitting..."
        >
          Submit Application
        </BusyButton>
      </CardContent>
    </form>
  );
}
