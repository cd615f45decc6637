import type { TPayPalVerify } from "@leadpost/shared";
import { SETTINGS_MESSAGES } from "@leadpost/shared/domain/settings";
import { useMutation } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { verifyPayPal } from "../api";
import { SecretSetting, TextSetting, type TTabProps } from "./setting-fields";
import { VerifyResult } from "./verify-result";

const line = (r: TPayPalVerify["live"], ok: string, label: string) =>
  r.success ? ok : `${label}: ${r.error?.error_description ?? "not verified"}`;

export function PaymentTab(props: TTabProps) {
  const s = props.settings;
  const verify = useMutation({ mutationFn: verifyPayPal });
  return (
    <div className="grid gap-6">
      <section className="grid gap-4">
        <h2 className="font-medium">PayPal</h2>
        <p className="text-muted-foreground text-sm">
          PayPal is fully functional: buyers pay for credit packs with it.
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <TextSetting {...props} name="paypalClientId" label="PayPal production client ID" />
          <SecretSetting
            {...props}
            name="paypalSecret"
            label="PayPal production secret"
            last4={s.paypalSecretLast4}
          />
          <TextSetting {...props} name="paypalSandboxClientId" label="PayPal sandbox client ID" />
          <SecretSetting
            {...props}
            name="paypalSandboxSecret"
            label="PayPal sandbox secret"
            last4={s.paypalSandboxSecretLast4}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" onClick={() => verify.mutate()} disabled={verify.isPending}>
            <ShieldCheck aria-hidden="true" />
            Verify All Credentials
          </Button>
          <span className="text-muted-foreground text-xs">
            Save Settings first: the saved credentials are verified.
          </span>
        </div>
        {verify.isError && <VerifyResult ok={false} text={SETTINGS_MESSAGES.PAYPAL_LOAD_FAILED} />}
        {verify.data && (
          <div className="grid gap-1">
            <VerifyResult
              ok={verify.data.live.success}
              text={line(verify.data.live, SETTINGS_MESSAGES.PAYPAL_LIVE_VERIFIED, "Live PayPal credentials")}
            />
            <VerifyResult
              ok={verify.data.sandbox.success}
              text={line(
                verify.data.sandbox,
                SETTINGS_MESSAGES.PAYPAL_SANDBOX_VERIFIED,
                "Sandbox PayPal credentials",
              )}
            />
          </div>
        )}
      </section>
      <section className="grid gap-4">
        <h2 className="font-medium">Card payments</h2>
        <p className="text-muted-foreground text-sm">
          The card payment provider is on the roadmap; keys saved here are kept for it.
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <TextSetting {...props} name="stripePublishableKey" label="Live publishable key" />
          <SecretSetting
            {...props}
            name="stripeSecretKey"
            label="Live secret key"
            last4={s.stripeSecretKeyLast4}
          />
          <TextSetting {...props} name="stripeTestPublishableKey" label="Test publishable key" />
          <SecretSetting
            {...props}
            name="stripeTestSecretKey"
            label="Test secret key"
            last4={s.stripeTestSecretKeyLast4}
          />
        </div>
      </section>
    </div>
  );
}
