import { SETTINGS_MESSAGES } from "@leadpost/shared";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { verifyTwilio } from "../api";
import { SecretSetting, TextSetting, type TTabProps } from "./setting-fields";
import { VerifyResult } from "./verify-result";

export function TwilioTab(props: TTabProps) {
  const s = props.settings;
  const verify = useMutation({
    mutationFn: () =>
      verifyTwilio({
        accountSid: props.draft.twilioAccountSid ?? s.twilioAccountSid ?? undefined,
        authToken: props.draft.twilioAuthToken || undefined,
      }),
  });
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 md:grid-cols-2">
        <TextSetting {...props} name="twilioAccountSid" label="Account SID" placeholder="AC…" />
        <SecretSetting {...props} name="twilioAuthToken" label="Auth token" last4={s.twilioAuthTokenLast4} />
        <TextSetting
          {...props}
          name="twilioWebhookBaseUrl"
          label="Webhook base URL (optional)"
          placeholder="https://app.example.com"
          hint="Only when Twilio must reach this app at another address."
        />
      </div>
      <div>
        <Button type="button" variant="outline" onClick={() => verify.mutate()} disabled={verify.isPending}>
          Verify Credentials
        </Button>
      </div>
      {verify.data && <VerifyResult ok={verify.data.valid} text={verify.data.message} />}
      {verify.isError && (
        <VerifyResult
          ok={false}
          text={(verify.error as Error).message || SETTINGS_MESSAGES.TWILIO_VERIFY_FAILED}
        />
      )}
      <section className="grid gap-2 rounded-md border p-4 text-sm">
        <h2 className="font-medium">Call forwarding setup</h2>
        <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
          <li>In the Twilio console open Phone Numbers, then your number.</li>
          <li>Under Voice Configuration, set "A call comes in" to Webhook, method POST, with this URL:</li>
        </ol>
        <code className="break-all rounded bg-muted px-2 py-1 text-xs">{s.callForwardingUrl}</code>
        <p className="text-muted-foreground">
          Save the number in Twilio; calls then follow your routing settings.
        </p>
      </section>
    </div>
  );
}
