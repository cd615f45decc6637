import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { checkDomainStatus, sendTestEmail, verifyResendKey } from "../api";
import { SecretSetting, TextSetting, type TTabProps } from "./setting-fields";
import { VerifyResult } from "./verify-result";

const errorText = (e: unknown) => (e as Error).message;

export function EmailTab(props: TTabProps) {
  const s = props.settings;
  const [testTo, setTestTo] = useState(s.adminEmail ?? "");
  const verify = useMutation({
    mutationFn: () =>
      verifyResendKey({
        apiKey: props.draft.resendApiKey || undefined,
        email: (props.draft.senderEmail ?? s.senderEmail) || undefined,
      }),
  });
  const domain = useMutation({ mutationFn: checkDomainStatus });
  const test = useMutation({ mutationFn: () => sendTestEmail(testTo) });
  const flag = (on: boolean, name: string) => `${name} ${on ? "✓" : "✗"}`;

  return (
    <div className="grid gap-6">
      <div className="grid gap-4 md:grid-cols-2">
        <TextSetting {...props} name="emailDomain" label="Email domain" placeholder="example.com" />
        <TextSetting {...props} name="adminEmail" label="Administrator email" type="email" />
        <TextSetting
          {...props}
          name="senderEmail"
          label="Sender email"
          type="email"
          placeholder="leads@example.com"
        />
        <SecretSetting {...props} name="resendApiKey" label="Resend API key" last4={s.resendApiKeyLast4} />
        <SecretSetting
          {...props}
          name="resendWebhookSecret"
          label="Webhook signing secret"
          last4={s.resendWebhookSecretLast4}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" onClick={() => verify.mutate()} disabled={verify.isPending}>
          Verify Key
        </Button>
        <Button type="button" variant="outline" onClick={() => domain.mutate()} disabled={domain.isPending}>
          Check Domain Status
        </Button>
      </div>
      {verify.data && <VerifyResult ok={verify.data.valid} text={verify.data.message} />}
      {verify.isError && <VerifyResult ok={false} text={errorText(verify.error)} />}
      {domain.data && (
        <VerifyResult
          ok={domain.data.verified}
          text={`${domain.data.message}${domain.data.domain ? ` — ${flag(domain.data.spf, "SPF")}, ${flag(domain.data.dkim, "DKIM")}, ${flag(domain.data.dmarc, "DMARC")}` : ""}`}
        />
      )}
      {domain.isError && <VerifyResult ok={false} text={errorText(domain.error)} />}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField label="Send a test email to" className="flex-1">
          {(control) => (
            <Input {...control} type="email" value={testTo} onChange={(e) => setTestTo(e.target.value)} />
          )}
        </FormField>
        <Button
          type="button"
          variant="outline"
          onClick={() => test.mutate()}
          disabled={test.isPending || !testTo}
        >
          Send Test Email
        </Button>
      </div>
      {test.data && <VerifyResult ok={test.data.sent} text={test.data.message} />}
      {test.isError && <VerifyResult ok={false} text={errorText(test.error)} />}
      <section className="grid gap-2 rounded-md border p-4 text-sm">
        <h2 className="font-medium">Setup instructions</h2>
        <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
          <li>Create an API key in your Resend account and paste it above.</li>
          <li>
            Add your domain in Resend and publish the SPF, DKIM and DMARC records it shows at your DNS host.
          </li>
          <li>Use a sender email on that domain, Save Settings, then Check Domain Status.</li>
          <li>
            In Resend add a webhook with this endpoint, then paste its signing secret (whsec_…) above and Save
            Settings: delivered, bounced and spam reports then reach your email log.
          </li>
        </ol>
        <CopyField id="resend-webhook-url" label="Webhook endpoint (HTTP POST)" value={s.emailWebhookUrl} />
      </section>
    </div>
  );
}
