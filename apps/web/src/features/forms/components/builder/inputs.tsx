import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";

// Small labelled controls for the builder's property panels.

export function TextSetting(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  placeholder?: string;
  hint?: string;
  className?: string;
}) {
  const id = useId();
  const Control = props.multiline ? Textarea : Input;
  return (
    <div className={cn("grid gap-1.5", props.className)}>
      <Label htmlFor={id}>{props.label}</Label>
      <Control
        id={id}
        value={props.value}
        placeholder={props.placeholder}
        onChange={(e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
          props.onChange(e.target.value)
        }
        aria-describedby={props.hint ? `${id}-hint` : undefined}
      />
      {props.hint && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {props.hint}
        </p>
      )}
    </div>
  );
}

/** A number that may be left empty (undefined). */
export function NumberSetting(props: {
  label: string;
  value: number | undefined | null;
  onChange: (value: number | undefined) => void;
  min?: number;
  max?: number;
  step?: number;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("grid gap-1.5", props.className)}>
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        value={props.value ?? ""}
        onChange={(e) => {
          const raw = e.target.value;
          if (raw === "") return props.onChange(undefined);
          const n = Number(raw);
          if (Number.isFinite(n)) props.onChange(n);
        }}
      />
    </div>
  );
}

export function ChoiceSetting<T extends string>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("grid gap-1.5", props.className)}>
      <Label htmlFor={id}>{props.label}</Label>
      <Select value={props.value} onValueChange={(v) => props.onChange(v as T)}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {props.options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

export function SwitchSetting(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{props.label}</Label>
        {props.hint && <p className="text-muted-foreground text-xs">{props.hint}</p>}
      </div>
      <Switch id={id} checked={props.checked} onCheckedChange={props.onChange} />
    </div>
  );
}

/** A hex colour with a picker; `allowEmpty` offers "use the default" (null). */
export function ColorSetting(props: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  fallback: string;
  allowEmpty?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{props.label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${props.label} picker`}
          value={normalizeHex(props.value ?? props.fallback)}
          onChange={(e) => props.onChange(e.target.value)}
          className="h-9 w-10 shrink-0 cursor-pointer rounded-md border bg-transparent p-1"
        />
        <Input
          id={id}
          value={props.value ?? ""}
          placeholder={props.allowEmpty ? `Default (${props.fallback})` : props.fallback}
          onChange={(e) => props.onChange(e.target.value === "" && props.allowEmpty ? null : e.target.value)}
          className="font-mono"
        />
      </div>
    </div>
  );
}

function normalizeHex(value: string): string {
  const v = value.trim();
  if (/^#[0-9a-f]{6}$/i.test(v)) return v;
  if (/^#[0-9a-f]{3}$/i.test(v)) return `#${[...v.slice(1)].map((c) => c + c).join("")}`;
  if (/^#[0-9a-f]{8}$/i.test(v)) return v.slice(0, 7);
  return "#000000";
}
