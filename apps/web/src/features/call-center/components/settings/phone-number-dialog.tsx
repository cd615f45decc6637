import type { TIncomingNumber, TPhoneNumber, TPhoneNumberInput } from "@leadpost/shared";
import { CALL_MESSAGES, CALL_VOICES, DEFAULT_RECORDING_MESSAGE } from "@leadpost/shared/domain/calls";
import { formatPhone, phoneProblem, toE164 } from "@leadpost/shared/domain/phone";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { presentApiError } from "@/lib/api-error-presenter";
import { toast } from "@/lib/toast";
import {
  callCenterKeys,
  connectPhoneNumber,
  createPhoneNumber,
  fetchCallSettings,
  fetchStatus,
  fetchTwilioNumbers,
  updatePhoneNumber,
} from "../../api";
import { STRATEGY_LABEL } from "../../lib/format";

type TProps = { editing: TPhoneNumber | null; open: boolean; onOpenChange: (open: boolean) => void };

/** Add Phone Number, or edit one (its type never changes once it exists: 002 §4). */
export function PhoneNumberDialog({ editing, open, onOpenChange }: TProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
      <PhoneNumberForm editing={editing} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

type TValues = {
  phoneNumber: string;
  description: string;
  type: "twilio" | "routing" | "tracking";
  routingStrategy: TPhoneNumber["routingStrategy"];
  routeToVoicemail: boolean;
  isActive: boolean;
  recordingEnabled: boolean;
  recordingMessage: string;
  voicemailGreeting: string;
  voicemailVoice: string;
  transcribeVoicemail: boolean;
};

const fromNumber = (n: TPhoneNumber | null): TValues => ({
  phoneNumber: n ? formatPhone(n.phoneNumber) : "",
  description: n?.description ?? "",
  type: n?.type ?? "twilio",
  routingStrategy: n?.routingStrategy ?? "sequential",
  routeToVoicemail: n?.routeToVoicemail ?? false,
  isActive: n?.isActive ?? true,
  recordingEnabled: n?.recordingEnabled ?? false,
  recordingMessage: n?.recordingMessage ?? DEFAULT_RECORDING_MESSAGE,
  voicemailGreeting: n?.voicemailGreeting ?? "",
  voicemailVoice: n?.voicemailVoice ?? "alice",
  transcribeVoicemail: n?.transcribeVoicemail ?? false,
});

/** 002 §4–5: what is sent for the values on screen. */
export function phoneNumberPayload(v: TValues): TPhoneNumberInput {
  const routing = v.type === "routing";
  const greeting = v.voicemailGreeting.trim();
  return {
    phoneNumber: v.phoneNumber.trim(),
    description: v.description.trim() || null,
    type: v.type,
    // A routing-type number does not route anywhere itself: its strategy and route list are cleared.
    routingStrategy: routing ? "sequential" : v.routingStrategy,
    ...(routing ? { routeTo: [] } : {}),
    routeToVoicemail: routing ? false : v.routeToVoicemail,
    isActive: v.isActive,
    recordingEnabled: v.recordingEnabled,
    recordingMessage: v.recordingEnabled ? v.recordingMessage.trim() || DEFAULT_RECORDING_MESSAGE : null,
    // The greeting is kept only when it says something.
    ...(greeting ? { voicemailGreeting: greeting } : {}),
    voicemailVoice: v.voicemailVoice || "alice",
    transcribeVoicemail: v.transcribeVoicemail,
  };
}

function PhoneNumberForm({ editing, onDone }: { editing: TPhoneNumber | null; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TValues>(() => fromNumber(editing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A new number starts with the company's routing strategy (Call Center → General Settings).
  const companySettings = useQuery({
    queryKey: callCenterKeys.settings,
    queryFn: ({ signal }) => fetchCallSettings(signal),
    enabled: !editing,
  });
  const companyStrategy = companySettings.data?.settings.routingStrategy;
  useEffect(() => {
    if (!editing && companyStrategy) setValues((v) => ({ ...v, routingStrategy: companyStrategy }));
  }, [editing, companyStrategy]);
  const set = <K extends keyof TValues>(key: K, value: TValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const twilioNumbers = useTwilioNumbers(!editing);
  const save = useMutation({
    mutationFn: async () => {
      const payload = phoneNumberPayload(values);
      if (editing) return updatePhoneNumber(editing.id, payload);
      const created = await createPhoneNumber(payload);
      // A number of the Twilio account is pointed at this app there (voice URL, status callback).
      const inAccount = twilioNumbers.some((n) => n.phoneNumber === created.phoneNumber.phoneNumber);
      if (inAccount && payload.type !== "routing") {
        await connectPhoneNumber(created.phoneNumber.id).then(
          (done) => toast.success(done.message),
          (err) => toast.error(`Number added, but not connected in Twilio: ${presentApiError(err).message}`),
        );
      }
      return created;
    },
    onSuccess: () => {
      toast.success(editing ? "Phone number updated" : "Phone number added");
      void queryClient.invalidateQueries({ queryKey: callCenterKeys.all });
      onDone();
    },
    onError: (err) => {
      const presented = presentApiError(err);
      setErrors(presented.fields);
      toast.error(
        editing
          ? `Failed to update phone number: ${presented.message}`
          : `Failed to add/update phone number: ${presented.message}`,
      );
    },
  });
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!values.phoneNumber.trim()) return setErrors({ phoneNumber: CALL_MESSAGES.PHONE_REQUIRED });
    const problem = phoneProblem(values.phoneNumber, {
      tooShort: CALL_MESSAGES.PHONE_TOO_SHORT,
      invalid: CALL_MESSAGES.PHONE_FORMAT,
    });
    if (problem) return setErrors({ phoneNumber: problem });
    setErrors({});
    save.mutate();
  };
  const voicemailOn = values.routeToVoicemail || values.voicemailGreeting.trim().length > 0;
  const routesCalls = values.type !== "routing";

  return (
    <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>{editing ? "Edit Phone Number" : "Add Phone Number"}</DialogTitle>
        <DialogDescription>
          {editing
            ? "Change how calls to this number are routed, recorded and sent to voicemail."
            : "Pick a number of your Twilio account (it is connected to this app for you), and say where its calls go."}
        </DialogDescription>
      </DialogHeader>
      {twilioNumbers.length > 0 && (
        <TwilioNumberPicker
          id={`${id}-twilio`}
          numbers={twilioNumbers}
          value={toE164(values.phoneNumber) ?? ""}
          onPick={(n) =>
            setValues((v) => ({
              ...v,
              phoneNumber: formatPhone(n.phoneNumber),
              description: v.description || n.friendlyName,
            }))
          }
        />
      )}
      <FormField id={`${id}-number`} label="Phone number" error={errors.phoneNumber}>
        {(control) => (
          <Input
            {...control}
            inputMode="tel"
            placeholder="+15551234567"
            value={values.phoneNumber}
            onChange={(e) => set("phoneNumber", e.target.value)}
          />
        )}
      </FormField>
      <FormField id={`${id}-description`} label="Description (optional)" error={errors.description}>
        {(control) => (
          <Input
            {...control}
            placeholder="Main line"
            value={values.description}
            onChange={(e) => set("description", e.target.value)}
          />
        )}
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="grid grid-cols-1 gap-2">
          <Label htmlFor={`${id}-type`}>Type</Label>
          <Select
            value={values.type}
            onValueChange={(v) => set("type", v as TValues["type"])}
            disabled={Boolean(editing)}
          >
            <SelectTrigger id={`${id}-type`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="twilio">Twilio</SelectItem>
              <SelectItem value="routing">Routing</SelectItem>
              <SelectItem value="tracking">Tracking</SelectItem>
            </SelectContent>
          </Select>
          {editing && <p className="text-muted-foreground text-xs">The type cannot be changed.</p>}
        </div>
        {routesCalls && (
          <div className="grid grid-cols-1 gap-2">
            <Label htmlFor={`${id}-strategy`}>Routing strategy</Label>
            <Select
              value={values.routingStrategy}
              onValueChange={(v) => set("routingStrategy", v as TValues["routingStrategy"])}
            >
              <SelectTrigger id={`${id}-strategy`} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(Object.keys(STRATEGY_LABEL) as TValues["routingStrategy"][]).map((s) => (
                  <SelectItem key={s} value={s}>
                    {STRATEGY_LABEL[s]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
      </div>
      <ToggleRow
        id={`${id}-active`}
        label="Active"
        checked={values.isActive}
        onChange={(on) => set("isActive", on)}
      />
      {routesCalls && (
        <ToggleRow
          id={`${id}-to-voicemail`}
          label="Send every caller to voicemail"
          checked={values.routeToVoicemail}
          onChange={(on) => set("routeToVoicemail", on)}
        />
      )}
      <ToggleRow
        id={`${id}-recording`}
        label="Record calls"
        checked={values.recordingEnabled}
        onChange={(on) => set("recordingEnabled", on)}
      />
      {values.recordingEnabled && (
        <FormField id={`${id}-recording-message`} label="Recording message" error={errors.recordingMessage}>
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              value={values.recordingMessage}
              onChange={(e) => set("recordingMessage", e.target.value)}
            />
          )}
        </FormField>
      )}
      {routesCalls && (
        <>
          <FormField
            id={`${id}-greeting`}
            label="Voicemail greeting (optional)"
            error={errors.voicemailGreeting}
            hint="Spoken when nobody answers. Leave empty for the standard greeting."
          >
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                value={values.voicemailGreeting}
                onChange={(e) => set("voicemailGreeting", e.target.value)}
              />
            )}
          </FormField>
          <VoiceSelect
            id={`${id}-voice`}
            value={values.voicemailVoice}
            onChange={(v) => set("voicemailVoice", v)}
          />
          <ToggleRow
            id={`${id}-transcribe`}
            label="Transcribe voicemail"
            checked={values.transcribeVoicemail && voicemailOn}
            disabled={!voicemailOn}
            hint={voicemailOn ? undefined : "Turn on voicemail (a greeting or voicemail routing) first."}
            onChange={(on) => set("transcribeVoicemail", on)}
          />
        </>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <BusyButton type="submit" busy={save.isPending}>
          {editing ? "Save Changes" : "Add Phone Number"}
        </BusyButton>
      </DialogFooter>
    </form>
  );
}

export function VoiceSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={id}>Voice</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {CALL_VOICES.map((v) => (
            <SelectItem key={v} value={v}>
              {v}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

export function ToggleRow(props: {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  hint?: string;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid grid-cols-1 gap-1">
        <Label htmlFor={props.id}>{props.label}</Label>
        {props.hint && <p className="text-muted-foreground text-xs">{props.hint}</p>}
      </div>
      <Switch
        id={props.id}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onChange}
      />
    </div>
  );
}

/** The Twilio account's numbers while Twilio is connected; none otherwise (the number is typed). */
function useTwilioNumbers(enabled: boolean): TIncomingNumber[] {
  const status = useQuery({ queryKey: callCenterKeys.status, queryFn: ({ signal }) => fetchStatus(signal) });
  const numbers = useQuery({
    queryKey: callCenterKeys.twilioNumbers,
    queryFn: ({ signal }) => fetchTwilioNumbers(signal),
    enabled: enabled && Boolean(status.data?.twilioConfigured),
    retry: false,
  });
  return numbers.data?.numbers ?? [];
}

function TwilioNumberPicker(props: {
  id: string;
  numbers: TIncomingNumber[];
  value: string;
  onPick: (n: TIncomingNumber) => void;
}) {
  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={props.id}>Your Twilio numbers</Label>
      <Select
        value={props.numbers.some((n) => n.phoneNumber === props.value) ? props.value : ""}
        onValueChange={(v) => {
          const picked = props.numbers.find((n) => n.phoneNumber === v);
          if (picked) props.onPick(picked);
        }}
      >
        <SelectTrigger id={props.id} className="w-full">
          <SelectValue placeholder="Choose a number" />
        </SelectTrigger>
        <SelectContent>
          {props.numbers.map((n) => (
            <SelectItem key={n.sid} value={n.phoneNumber}>
              {formatPhone(n.phoneNumber)} · {n.friendlyName}
              {n.connected ? " (connected)" : ""}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
