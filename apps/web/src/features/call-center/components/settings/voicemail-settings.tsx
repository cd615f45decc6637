import type { TPhoneNumber } from "@leadpost/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { EmptyCard, QueryState } from "@/components/ui/query-states";
import { Textarea } from "@/components/ui/textarea";
import { presentApiError } from "@/lib/api-error-presenter";
import { toast } from "@/lib/toast";
import { callCenterKeys, fetchPhoneNumbers, updatePhoneNumber } from "../../api";
import { showNumber } from "../../lib/format";
import { ToggleRow, VoiceSelect } from "./phone-number-dialog";
import { VoicemailAudio } from "./voicemail-audio";

/** Each Twilio number's voicemail: the greeting (spoken in a voice, or uploaded audio) and transcription. */
export function VoicemailSettings({ canChange }: { canChange: boolean }) {
  const numbers = useQuery({
    queryKey: callCenterKeys.numbers,
    queryFn: ({ signal }) => fetchPhoneNumbers(signal),
  });
  return (
    <QueryState query={numbers} label="Loading voicemail settings" failure="Failed to load settings">
      {({ phoneNumbers }) => {
        const twilio = phoneNumbers.filter((n) => n.type !== "routing");
        return twilio.length === 0 ? (
          <EmptyCard title="No Twilio numbers yet">
            Add one under Phone Setup to set up its voicemail.
          </EmptyCard>
        ) : (
          <div className="grid grid-cols-1 gap-4">
            {twilio.map((n) => (
              <NumberVoicemail key={n.id} number={n} canChange={canChange} />
            ))}
          </div>
        );
      }}
    </QueryState>
  );
}

function NumberVoicemail({ number, canChange }: { number: TPhoneNumber; canChange: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [greeting, setGreeting] = useState(number.voicemailGreeting ?? "");
  const [voice, setVoice] = useState(number.voicemailVoice);
  const [transcribe, setTranscribe] = useState(number.transcribeVoicemail);
  const changed =
    greeting.trim() !== (number.voicemailGreeting ?? "") ||
    voice !== number.voicemailVoice ||
    transcribe !== number.transcribeVoicemail;
  const save = useMutation({
    mutationFn: () =>
      updatePhoneNumber(number.id, {
        // 002 §5: the greeting is saved only when it is not empty once trimmed.
        ...(greeting.trim() ? { voicemailGreeting: greeting.trim() } : {}),
        voicemailVoice: voice,
        transcribeVoicemail: transcribe,
      }),
    onSuccess: () => {
      toast.success("Settings saved successfully");
      void queryClient.invalidateQueries({ queryKey: callCenterKeys.numbers });
    },
    onError: (err) => toast.error(`Failed to update settings: ${presentApiError(err).message}`),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{showNumber(number.phoneNumber)}</CardTitle>
        <CardDescription>{number.description ?? "Twilio number"}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid grid-cols-1 gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!changed) toast.info("No changes to save");
            else save.mutate();
          }}
        >
          <FormField
            id={`${id}-greeting`}
            label="Greeting"
            hint="Spoken to callers nobody answers, unless an audio greeting is uploaded."
          >
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                disabled={!canChange}
                placeholder="Sorry, no one is available to take your call. Please leave a message after the tone."
                value={greeting}
                onChange={(e) => setGreeting(e.target.value)}
              />
            )}
          </FormField>
          <VoiceSelect id={`${id}-voice`} value={voice} onChange={setVoice} />
          <ToggleRow
            id={`${id}-transcribe`}
            label="Transcribe voicemail"
            checked={transcribe}
            onChange={setTranscribe}
          />
          {canChange && (
            <div className="flex justify-end">
              <BusyButton type="submit" busy={save.isPending}>
                Save Settings
              </BusyButton>
            </div>
          )}
        </form>
        <VoicemailAudio number={number} canChange={canChange} />
      </CardContent>
    </Card>
  );
}
