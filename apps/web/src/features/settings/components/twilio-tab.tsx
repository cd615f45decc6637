import { SETTINGS_MESSAGES } from "@leadpost/shared/domain/settings";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
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
      <section className="grid gap-3 rounded-md border p-4 text-sm">
        <h2 className="font-medium">Call forwarding setup</h2>
        <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
          <li>
            Paste your Account SID and Auth Token above and Save Settings: they are checked with Twilio.
          </li>
          <li>
            In Call Center → Settings → Phone Setup, Add Phone Number lists your Twilio numbers; adding one
            points its calls and status changes at this app for you.
          </li>
        </ol>
        <p className="text-muted-foreground">
          The addresses Twilio calls, to check a number in the Twilio console:
        </p>
        <CopyField
          id="twilio-voice-url"
          label='"A call comes in" webhook (HTTP POST)'
          value={s.callForwardingUrl}
        />
        <CopyField
          id="twilio-status-url"
          label='"Call status changes" callback (HTTP POST)'
          value={s.statusCallbackUrl}
        />
      </section>
    </div>
  );
}
