import { BUYER_PORTAL_MESSAGES, type TBuyerProfile } from "@leadpost/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { isApiError } from "@/lib/api-error";
import { checksOnSubmit } from "@/lib/on-first-use";
import { usePhoneDisplay } from "@/lib/phone-display";
import { toast } from "@/lib/toast";
import { buyerPortalKeys, updateProfile } from "../api";
import { useBuyerId } from "../hooks/use-buyer-portal";

// The API's rules (zod and the phone library), loaded on the first submit (on-demand.mjs).
const loadChecks = checksOnSubmit(() => import("../form-checks"));

/** Spec 003 §2.6 / §5: three editable fields; the rest is managed by the company administrator. */
export function ProfileForm({ profile }: { profile: TBuyerProfile }) {
  const buyerId = useBuyerId();
  const queryClient = useQueryClient();
  const [contactName, setContactName] = useState(profile.contactName);
  const [companyName, setCompanyName] = useState(profile.companyName ?? "");
  // The stored number as formatPhone shows it (lib/phone-display.ts: a US number without the phone
  // library) until the buyer edits it.
  const displayPhone = usePhoneDisplay();
  const [editedPhone, setPhoneNumber] = useState<string | null>(null);
  const phoneNumber = editedPhone ?? (profile.phoneNumber ? displayPhone(profile.phoneNumber) : "");

  const saveFailed = (error: Error) => {
    const fields = isApiError(error) ? Object.values(error.fields ?? {}).flat() : [];
    toast.error(BUYER_PORTAL_MESSAGES.PROFILE_SAVE_FAILED, {
      description: fields.length > 0 ? fields.join(", ") : error.message,
    });
  };
  const save = useMutation({
    mutationFn: () => updateProfile(buyerId, { contactName, companyName, phoneNumber }),
    onSuccess: (saved) => {
      toast.success(BUYER_PORTAL_MESSAGES.PROFILE_SAVED);
      queryClient.setQueryData(buyerPortalKeys.profile(buyerId), saved);
      void queryClient.invalidateQueries({ queryKey: buyerPortalKeys.summary(buyerId) });
    },
    onError: saveFailed,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checks = await loadChecks().catch((error: Error) => saveFailed(error));
    if (!checks) return;
    const { ZBuyerProfileUpdateSchema } = checks;
    const parsed = ZBuyerProfileUpdateSchema.safeParse({ contactName, companyName, phoneNumber });
    if (!parsed.success) {
      // Several messages are joined with commas in one toast (spec 003 §5).
      toast.error(parsed.error.issues.map((i) => i.message).join(", "));
      return;
    }
    save.mutate();
  };

  const readOnly: [string, string][] = [
    ["Email", profile.email],
    ["Address", profile.address ?? ""],
    ["City", profile.city ?? ""],
    ["State", profile.state ?? ""],
    ["Zip code", profile.zipCode ?? ""],
    ["Service radius (miles)", String(profile.serviceRadius)],
    ["Niche", profile.niche?.name ?? ""],
  ];

  return (
    <form onSubmit={submit} className="grid gap-6" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="contact-name">Contact name</Label>
          <Input
            id="contact-name"
            value={contactName}
            onChange={(e) => setContactName(e.target.value)}
            maxLength={100}
            required
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="company-name">Company name</Label>
          <Input
            id="company-name"
            value={companyName}
            onChange={(e) => setCompanyName(e.target.value)}
            maxLength={100}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="phone-number">Phone number</Label>
          <Input
            id="phone-number"
            type="tel"
            value={phoneNumber}
            onChange={(e) => setPhoneNumber(e.target.value)}
            maxLength={20}
          />
        </div>
      </div>
      <fieldset className="grid gap-4 rounded-lg border p-4">
        <legend className="px-1 text-muted-foreground text-sm">Managed by your company administrator</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {readOnly.map(([label, value]) => (
            <div key={label} className="grid gap-2">
              <Label htmlFor={`ro-${label}`}>{label}</Label>
              <Input id={`ro-${label}`} value={value} readOnly disabled />
            </div>
          ))}
        </div>
      </fieldset>
      <div>
        <BusyButton type="submit" disabled={save.isPending} busy={save.isPending}>
          Save profile
        </BusyButton>
      </div>
    </form>
  );
}
