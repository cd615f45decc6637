import type { TFormFieldType } from "@leadpost/shared";
import { FORM_FIELD_TYPES } from "@leadpost/shared/domain/forms";
import {
  AlignLeft,
  CheckSquare,
  ChevronDownSquare,
  CircleDot,
  Heading,
  Image,
  type LucideIcon,
  Mail,
  Phone,
  Scissors,
  Send,
  Type,
} from "lucide-react";
import { Button } from "@/components/ui/button";
import { FIELD_TYPE_LABELS } from "../../lib/draft";

export const FIELD_ICONS: Record<TFormFieldType, LucideIcon> = {
  text: Type,
  email: Mail,
  tel: Phone,
  textarea: AlignLeft,
  select: ChevronDownSquare,
  radio: CircleDot,
  checkbox: CheckSquare,
  heading: Heading,
  image: Image,
  break: Scissors,
  submit: Send,
};

/** Adds a field of any type at the end of the form (or after the selected field). */
export function FieldPalette({ onAdd }: { onAdd: (type: TFormFieldType) => void }) {
  return (
    <section aria-labelledby="palette-heading" className="space-y-2">
      <h2 id="palette-heading" className="font-medium text-muted-foreground text-xs uppercase tracking-wide">
        Add a field
      </h2>
      <div className="grid grid-cols-2 gap-1.5 sm:grid-cols-3">
        {FORM_FIELD_TYPES.map((type) => {
          const Icon = FIELD_ICONS[type];
          return (
            <Button
              key={type}
              type="button"
              variant="outline"
              size="sm"
              className="justify-start"
              onClick={() => onAdd(type)}
              aria-label={`Add ${FIELD_TYPE_LABELS[type]} field`}
            >
              <Icon aria-hidden="true" /> {FIELD_TYPE_LABELS[type]}
            </Button>
          );
        })}
      </div>
    </section>
  );
}
