import type { TFormField } from "@leadpost/shared";
import { ALIGNMENTS, FIELD_WIDTHS, IMAGE_SIZES, isInputField } from "@leadpost/shared/domain/forms";
import { FIELD_TYPE_LABELS } from "../../lib/draft";
import { ImageUpload } from "./image-upload";
import { ChoiceSetting, NumberSetting, SwitchSetting, TextSetting } from "./inputs";

type TFieldEditorProps = { field: TFormField; onChange: (patch: Partial<TFormField>) => void };

const WIDTH_LABELS = {
  full: "Full (100%)",
  half: "Half (50%)",
  third: "Third (33.3%)",
  quarter: "Quarter (25%)",
};
const cap = (s: string) => s[0]?.toUpperCase() + s.slice(1);
const SIDES = ["top", "right", "bottom", "left"] as const;

/** Every property of the selected field (001 §3 form field, 000 §9 image defaults). */
export function FieldEditor({ field, onChange }: TFieldEditorProps) {
  const input = isInputField(field);
  const hasOptions = field.type === "select" || field.type === "radio" || field.type === "checkbox";
  const labelName =
    field.type === "heading"
      ? "Heading text"
      : field.type === "image"
        ? "Alternative text"
        : field.type === "submit"
          ? "Button text"
          : field.type === "break"
            ? "Name (not shown)"
            : "Label";

  return (
    <section aria-label={`${FIELD_TYPE_LABELS[field.type]} field settings`} className="grid gap-4">
      <h3 className="font-medium text-sm">{FIELD_TYPE_LABELS[field.type]} field</h3>
      <TextSetting label={labelName} value={field.label} onChange={(label) => onChange({ label })} />
      {input && (
        <SwitchSetting
          label="Required"
          checked={field.required}
          onChange={(required) => onChange({ required })}
        />
      )}
      {input && (
        <TextSetting
          label="Help text"
          value={field.helpText ?? ""}
          onChange={(v) => onChange({ helpText: v || undefined })}
        />
      )}
      {input && field.type !== "radio" && field.type !== "checkbox" && (
        <TextSetting
          label="Placeholder"
          value={field.placeholder ?? ""}
          onChange={(v) => onChange({ placeholder: v || undefined })}
        />
      )}
      {hasOptions && (
        <TextSetting
          label="Options"
          multiline
          hint={
            field.type === "checkbox"
              ? "One per line. Without options this is a single tick box."
              : "One per line. A dropdown or multiple choice without options is not shown."
          }
          value={(field.options ?? []).join("\n")}
          onChange={(v) => {
            const options = v.split("\n").map((o) => o.trimStart());
            onChange({ options: options.some((o) => o.trim()) ? options : undefined });
          }}
        />
      )}
      {field.type === "heading" && (
        <div className="grid grid-cols-2 gap-3">
          <ChoiceSetting
            label="Level"
            value={String(field.headingLevel ?? 2)}
            options={[2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: `H${n}` }))}
            onChange={(v) => onChange({ headingLevel: Number(v) })}
          />
          <NumberSetting
            label="Font size (px)"
            min={8}
            max={96}
            value={field.fontSize}
            onChange={(fontSize) => onChange({ fontSize })}
          />
        </div>
      )}
      {field.type === "image" && (
        <>
          <ImageUpload src={field.src} onChange={(src) => onChange({ src })} />
          <div className="grid grid-cols-2 gap-3">
            <ChoiceSetting
              label="Image size"
              value={field.imageSize ?? "medium"}
              options={IMAGE_SIZES.map((v) => ({ value: v, label: cap(v) }))}
              onChange={(imageSize) => onChange({ imageSize })}
            />
            <ChoiceSetting
              label="Alignment"
              value={field.imageAlignment ?? "center"}
              options={ALIGNMENTS.map((v) => ({ value: v, label: cap(v) }))}
              onChange={(imageAlignment) => onChange({ imageAlignment })}
            />
          </div>
          {(["padding", "margin"] as const).map((box) => (
            <fieldset key={box} className="grid gap-2">
              <legend className="mb-1 font-medium text-sm">{cap(box)} (px)</legend>
              <div className="grid grid-cols-4 gap-2">
                {SIDES.map((side) => (
                  <NumberSetting
                    key={side}
                    label={cap(side)}
                    min={0}
                    max={400}
                    value={field[box]?.[side] ?? 0}
                    onChange={(n) =>
                      onChange({
                        [box]: { top: 0, right: 0, bottom: 0, left: 0, ...field[box], [side]: n ?? 0 },
                      })
                    }
                  />
                ))}
              </div>
            </fieldset>
          ))}
        </>
      )}
      {field.type === "break" && (
        <div className="grid grid-cols-2 gap-3">
          <TextSetting
            label="Next button text"
            value={field.nextButtonText ?? ""}
            onChange={(v) => onChange({ nextButtonText: v || undefined })}
          />
          <TextSetting
            label="Previous button text"
            value={field.previousButtonText ?? ""}
            onChange={(v) => onChange({ previousButtonText: v || undefined })}
          />
          <p className="col-span-2 text-muted-foreground text-xs">
            With multistep on, the form is split into steps here. Without it, page breaks are hidden.
          </p>
        </div>
      )}
      <ChoiceSetting
        label="Width"
        value={field.width}
        options={FIELD_WIDTHS.map((v) => ({ value: v, label: WIDTH_LABELS[v] }))}
        onChange={(width) => onChange({ width })}
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <NumberSetting
          label="Margin top"
          min={0}
          max={400}
          value={field.marginTop}
          onChange={(marginTop) => onChange({ marginTop })}
        />
        <NumberSetting
          label="Padding top"
          min={0}
          max={400}
          value={field.paddingTop}
          onChange={(paddingTop) => onChange({ paddingTop })}
        />
        <NumberSetting
          label="Padding bottom"
          min={0}
          max={400}
          value={field.paddingBottom}
          onChange={(paddingBottom) => onChange({ paddingBottom })}
        />
      </div>
    </section>
  );
}
