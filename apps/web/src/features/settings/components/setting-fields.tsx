import type { TCompanySettings, TCompanySettingsUpdate } from "@leadpost/shared";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

export type TDraft = TCompanySettingsUpdate;
export type TTabProps = {
  settings: TCompanySettings;
  draft: TDraft;
  set: <K extends keyof TDraft>(key: K, value: TDraft[K]) => void;
  /** The last save's refusals, by field: each shown beside its field. */
  errors?: Partial<Record<keyof TDraft, string>>;
};

type TTextKey = {
  [K in keyof TDraft]-?: NonNullable<TDraft[K]> extends string
    ? K extends keyof TCompanySettings
      ? K
      : never
    : never;
}[keyof TDraft];

/** A plain text setting: the draft value when edited, else the saved one. */
export function TextSetting(
  props: TTabProps & { name: TTextKey; label: string; type?: string; placeholder?: string; hint?: string },
) {
  const saved = props.settings[props.name];
  const value = props.draft[props.name] ?? (typeof saved === "string" ? saved : "");
  return (
    <FormField label={props.label} hint={props.hint} error={props.errors?.[props.name]}>
      {(control) => (
        <Input
          {...control}
          name={props.name}
          type={props.type ?? "text"}
          placeholder={props.placeholder}
          value={value}
          onChange={(e) => props.set(props.name, e.target.value)}
        />
      )}
    </FormField>
  );
}

type TSecretKey = {
  [K in keyof TDraft]-?: K extends keyof TCompanySettings
    ? never
    : NonNullable<TDraft[K]> extends string
      ? K
      : never;
}[keyof TDraft];

/** A secret: never shown, only its last four; typing a new value replaces it on Save Settings. */
export function SecretSetting(props: TTabProps & { name: TSecretKey; label: string; last4: string | null }) {
  return (
    <FormField
      label={props.label}
      hint={props.last4 ? `Saved: •••• ${props.last4}. Leave blank to keep it.` : "Not set"}
      error={props.errors?.[props.name]}
    >
      {(control) => (
        <Input
          {...control}
          name={props.name}
          type="password"
          autoComplete="off"
          placeholder={props.last4 ? `•••• ${props.last4}` : ""}
          value={(props.draft[props.name] as string | undefined) ?? ""}
          onChange={(e) => props.set(props.name, e.target.value)}
        />
      )}
    </FormField>
  );
}
