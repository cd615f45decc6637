import type { TFormOptions } from "@leadpost/shared";
import { FORM_DEFAULTS, SALE_CAPS } from "@leadpost/shared/domain/forms";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Separator } from "@/components/ui/separator";
import type { TFormDraft } from "../../lib/draft";
import { ChoiceSetting, ColorSetting, NumberSetting, SwitchSetting, TextSetting } from "./inputs";
import { RoutingEntries } from "./routing-entries";

type TSettingsPanelProps = {
  draft: TFormDraft;
  onChange: (patch: Partial<TFormDraft>) => void;
  options: TFormOptions | undefined;
};

const NO_NICHE = "none";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-4">
      <h3 className="font-semibold text-sm">{title}</h3>
      {children}
    </section>
  );
}

/** Form settings: header, steps, look, submit button, after submit, lead distribution. */
export function SettingsPanel({ draft, onChange, options }: TSettingsPanelProps) {
  const percent = (n: number | undefined) => Math.min(100, Math.max(0, Math.round(n ?? 0)));
  return (
    <div className="grid gap-6">
      <Section title="Header">
        <TextSetting label="Title" value={draft.title} onChange={(title) => onChange({ title })} />
        <TextSetting
          label="Description"
          multiline
          value={draft.description ?? ""}
          onChange={(v) => onChange({ description: v || null })}
        />
        <SwitchSetting
          label="Show title"
          checked={draft.showTitle}
          onChange={(showTitle) => onChange({ showTitle })}
        />
        <SwitchSetting
          label="Show description"
          checked={draft.showDescription}
          onChange={(showDescription) => onChange({ showDescription })}
        />
      </Section>
      <Separator />
      <Section title="Steps">
        <SwitchSetting
          label="Multistep"
          hint="Split the form into steps at its page breaks."
          checked={draft.enableMultistep}
          onChange={(enableMultistep) => onChange({ enableMultistep })}
        />
        {draft.enableMultistep && (
          <ChoiceSetting
            label="Progress position"
            value={draft.progressPosition}
            options={[
              { value: "top", label: "Top" },
              { value: "bottom", label: "Bottom" },
              { value: "none", label: "None" },
            ]}
            onChange={(progressPosition) => onChange({ progressPosition })}
          />
        )}
      </Section>
      <Separator />
      <Section title="Style">
        <div className="grid gap-4 sm:grid-cols-2">
          <ColorSetting
            label="Background colour"
            value={draft.backgroundColor}
            fallback={FORM_DEFAULTS.backgroundColor}
            onChange={(v) => onChange({ backgroundColor: v ?? FORM_DEFAULTS.backgroundColor })}
          />
          <NumberSetting
            label="Background opacity (%)"
            min={0}
            max={100}
            value={draft.backgroundOpacity}
            onChange={(n) => onChange({ backgroundOpacity: percent(n) })}
          />
          <ColorSetting
            label="Text colour"
            value={draft.textColor}
            fallback={FORM_DEFAULTS.textColor}
            onChange={(v) => onChange({ textColor: v ?? FORM_DEFAULTS.textColor })}
          />
          <span className="hidden sm:block" />
          <ColorSetting
            label="Accent colour"
            value={draft.accentColor}
            fallback={FORM_DEFAULTS.accentColor}
            onChange={(v) => onChange({ accentColor: v ?? FORM_DEFAULTS.accentColor })}
          />
          <NumberSetting
            label="Accent opacity (%)"
            min={0}
            max={100}
            value={draft.accentOpacity}
            onChange={(n) => onChange({ accentOpacity: percent(n) })}
          />
        </div>
      </Section>
      <Separator />
      <Section title="Submit button">
        <ColorSetting
          label="Button colour"
          allowEmpty
          value={draft.submitButtonColor}
          fallback={draft.accentColor}
          onChange={(submitButtonColor) => onChange({ submitButtonColor })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceSetting
            label="Position"
            value={draft.submitButtonPosition}
            options={[
              { value: "left", label: "Left" },
              { value: "center", label: "Center" },
              { value: "right", label: "Right" },
            ]}
            onChange={(submitButtonPosition) => onChange({ submitButtonPosition })}
          />
          <ChoiceSetting
            label="Width"
            value={draft.submitButtonWidth}
            options={[
              { value: "default", label: "Default" },
              { value: "half", label: "Half" },
              { value: "full", label: "Full" },
            ]}
            onChange={(submitButtonWidth) => onChange({ submitButtonWidth })}
          />
        </div>
      </Section>
      <Separator />
      <Section title="After submit">
        <TextSetting
          label="Success message"
          multiline
          placeholder="Your form has been submitted successfully."
          value={draft.successMessage ?? ""}
          onChange={(v) => onChange({ successMessage: v || null })}
        />
        <ChoiceSetting
          label="Redirect behaviour"
          value={draft.redirectBehavior}
          options={[
            { value: "message", label: "Show the thank-you message" },
            { value: "redirect", label: "Redirect to a page" },
          ]}
          onChange={(redirectBehavior) => onChange({ redirectBehavior })}
        />
        {draft.redirectBehavior === "redirect" && (
          <TextSetting
            label="Redirect URL"
            placeholder="https://example.com/thanks"
            value={draft.redirectUrl ?? ""}
            onChange={(v) => onChange({ redirectUrl: v || null })}
          />
        )}
        <TextSetting
          label="Consent text"
          multiline
          hint="Shown above the submit button and recorded with each submission."
          value={draft.consentText ?? ""}
          onChange={(v) => onChange({ consentText: v || null })}
        />
      </Section>
      <Separator />
      <Section title="Embedding">
        <TextSetting
          label="Sites that may embed this form"
          multiline
          placeholder="https://www.example.com"
          hint="One address per line. Left empty, the form can be embedded on any site; once sites are listed, only they can show it in a frame and other sites are blocked by the browser."
          value={draft.embedOrigins.join("\n")}
          onChange={(v) => onChange({ embedOrigins: v.split("\n") })}
        />
      </Section>
      <Separator />
      <Section title="Lead distribution">
        <ChoiceSetting
          label="Niche"
          value={draft.nicheId ?? NO_NICHE}
          options={[
            { value: NO_NICHE, label: "No niche" },
            ...(options?.niches ?? []).map((n) => ({ value: n.id, label: n.name })),
          ]}
          onChange={(v) => onChange({ nicheId: v === NO_NICHE ? null : v })}
        />
        <ChoiceSetting
          label="Sale cap"
          value={String(draft.saleCap)}
          options={SALE_CAPS.map((n) => ({
            value: String(n),
            label: n === 1 ? "1 (exclusive)" : `${n} buyers`,
          }))}
          onChange={(v) => onChange({ saleCap: Number(v) as TFormDraft["saleCap"] })}
        />
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium text-sm">Buyer list</legend>
          <p className="text-muted-foreground text-xs">
            Only these buyers receive this form's leads. None ticked: every matching buyer.
          </p>
          {options?.buyers.length ? (
            <div className="grid max-h-56 gap-1.5 overflow-y-auto rounded-md border p-2">
              {options.buyers.map((buyer) => {
                const checked = draft.buyerIds.includes(buyer.id);
                return (
                  <Label key={buyer.id} className="flex items-center gap-2 font-normal">
                    <Checkbox
                      checked={checked}
                      onCheckedChange={(on) =>
                        onChange({
                          buyerIds: on
                            ? [...draft.buyerIds, buyer.id]
                            : draft.buyerIds.filter((b) => b !== buyer.id),
                        })
                      }
                    />
                    {buyer.name}
                    {buyer.status !== "active" && (
                      <span className="text-muted-foreground text-xs">({buyer.status})</span>
                    )}
                  </Label>
                );
              })}
            </div>
          ) : (
            <p className="text-muted-foreground text-sm">No buyers yet.</p>
          )}
        </fieldset>
        <RoutingEntries
          entries={draft.emailRouting}
          onChange={(emailRouting) => onChange({ emailRouting })}
        />
      </Section>
    </div>
  );
}
