import { CALL_TRACKING_MESSAGES } from "@leadpost/shared/domain/call-tracking";
import { usPhoneDigits } from "@leadpost/shared/domain/dni";
import { useQuery } from "@tanstack/react-query";
import { Copy } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { QueryState } from "@/components/ui/query-states";
import { usePhoneLibrary } from "@/lib/phone-display";
import { toast } from "@/lib/toast";
import { callTrackingKeys, fetchSetup } from "../api";

const STEPS = [
  "Connect your Twilio account in Settings → Twilio, and buy the tracking numbers in Twilio.",
  "Connect each tracking number with Call Center → Add Phone Number: Leadpost sets its calls to come here, nothing to paste.",
  "Enter the phone number written on your website: the static number.",
  "Add a tracking number for each source in Legacy Numbers (google, facebook, bing, other, direct), and mark one as the default. Several numbers for one source make a pool: each visitor is shown one of their own, so a call is tied to the caller's own visit.",
  "Copy the snippet and paste it into every page of your site, just before </body>.",
  "Visitors now see the number of the source they came from, on every page of their visit. A call to it rings your static number (or the call center's routing, if you gave the number one), and appears in Analytics with the visit's source and campaign.",
];

/** Setup Instructions: the snippet to paste, built from the company's key and the static number. */
export function SetupTab() {
  const id = useId();
  const setup = useQuery({ queryKey: callTrackingKeys.setup, queryFn: ({ signal }) => fetchSetup(signal) });
  const [staticNumber, setStaticNumber] = useState("");
  const [debug, setDebug] = useState(false);
  // The number typed is read with the phone library, loaded on the field's first focus; until it has
  // arrived the number is neither accepted nor called wrong.
  const phone = usePhoneLibrary();
  const digitsOf = (toE164: (value: string) => string | null) => {
    const e164 = toE164(staticNumber);
    return e164 ? usPhoneDigits(e164) : null;
  };
  const digits = phone.rules ? digitsOf(phone.rules.toE164) : null;
  const invalid = staticNumber !== "" && phone.rules !== null && !digits;

  return (
    <QueryState query={setup} label="Loading setup" failure="Failed to load settings">
      {(data) => {
        const snippetFor = (staticDigits: string) =>
          `<script src="${data.scriptUrl}&static=${staticDigits}&debug=${debug}" async></script>`;
        const snippet = snippetFor(digits ?? "YOUR_NUMBER");
        const copy = async () => {
          const ready = digits ?? (staticNumber.trim() ? digitsOf((await phone.load()).toE164) : null);
          if (!ready) {
            toast.error(CALL_TRACKING_MESSAGES.STATIC_FIRST);
            return;
          }
          try {
            await navigator.clipboard.writeText(snippetFor(ready));
            toast.success("Snippet copied to the clipboard");
          } catch {
            toast.error("Could not copy: select the snippet and copy it yourself.");
          }
        };
        return (
          <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
            <Card>
              <CardHeader>
                <CardTitle>Install the tracking script</CardTitle>
                <CardDescription>
                  One small script, loaded without slowing your page. It never changes anything when our
                  servers cannot be reached.
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                <div className="grid gap-2">
                  <Label htmlFor={`${id}-static`}>Static number (the number on your website)</Label>
                  <Input
                    id={`${id}-static`}
                    inputMode="tel"
                    placeholder="(555) 123-4567"
                    value={staticNumber}
                    onFocus={() => void phone.load().catch(() => {})}
                    onChange={(e) => {
                      setStaticNumber(e.target.value);
                      void phone.load().catch(() => {});
                    }}
                    aria-invalid={invalid ? true : undefined}
                    aria-describedby={`${id}-static-help`}
                  />
                  <p id={`${id}-static-help`} className="text-muted-foreground text-xs">
                    {invalid
                      ? "Enter a 10-digit US number, such as (555) 123-4567."
                      : "Every way it is written on your pages is swapped: (555) 123-4567, 555-123-4567, 555–123–4567, 555.123.4567, +1 555 123 4567, a number split across elements, tel: links and labels."}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-debug`}
                    checked={debug}
                    onCheckedChange={(v) => setDebug(v === true)}
                  />
                  <Label htmlFor={`${id}-debug`}>
                    Debug mode (logs the decisions in the browser console)
                  </Label>
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={`${id}-snippet`}>Snippet</Label>
                  <textarea
                    id={`${id}-snippet`}
                    readOnly
                    value={snippet}
                    rows={5}
                    className="w-full resize-none break-all rounded-md border bg-muted px-3 py-2 font-mono text-xs"
                    onFocus={(e) => e.currentTarget.select()}
                  />
                </div>
                <div>
                  <Button onClick={() => void copy()}>
                    <Copy aria-hidden="true" />
                    Copy snippet
                  </Button>
                </div>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>How it works</CardTitle>
              </CardHeader>
              <CardContent>
                <ol className="grid list-decimal gap-2 pl-5 text-sm">
                  {STEPS.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              </CardContent>
            </Card>
          </div>
        );
      }}
    </QueryState>
  );
}
