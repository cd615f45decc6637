import type { TFormField } from "@leadpost/shared";
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { FIELD_TYPE_LABELS } from "../../lib/draft";
import { FIELD_ICONS } from "./field-palette";

type TFieldListProps = {
  fields: TFormField[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onMove: (from: number, to: number) => void;
  onDelete: (id: string) => void;
};

/**
 * The form's fields in order. Reorder by dragging a row, with the arrow buttons, or from the keyboard:
 * Alt+Arrow Up / Alt+Arrow Down on a focused row. Delete or Backspace removes it after the builder asks.
 */
export function FieldList({ fields, selectedId, onSelect, onMove, onDelete }: TFieldListProps) {
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const move = (from: number, to: number) => {
    if (to < 0 || to >= fields.length) return;
    onMove(from, to);
    setAnnouncement(`${fields[from]?.label || "Field"} moved to position ${to + 1} of ${fields.length}`);
    // Keep focus on the moved row so repeated key presses keep moving it.
    requestAnimationFrame(() => document.getElementById(`builder-row-${fields[from]?.id}`)?.focus());
  };

  const onKeyDown = (event: KeyboardEvent, index: number, id: string) => {
    if (event.altKey && event.key === "ArrowUp") {
      event.preventDefault();
      move(index, index - 1);
    } else if (event.altKey && event.key === "ArrowDown") {
      event.preventDefault();
      move(index, index + 1);
    } else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      const next = fields[index + (event.key === "ArrowUp" ? -1 : 1)];
      if (next) document.getElementById(`builder-row-${next.id}`)?.focus();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onSelect(id);
    } else if (event.key === "Delete") {
      event.preventDefault();
      onDelete(id);
    }
  };

  if (fields.length === 0) {
    return (
      <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground text-sm">
        This form has no fields yet. Add one above.
      </p>
    );
  }

  return (
    <>
      <p id="field-list-help" className="sr-only">
        Press Alt and the up or down arrow to move a field, Enter to edit it, Delete to remove it.
      </p>
      <div role="listbox" className="space-y-1.5" aria-label="Form fields" aria-describedby="field-list-help">
        {fields.map((field, index) => {
          const Icon = FIELD_ICONS[field.type];
          return (
            <div
              key={field.id}
              id={`builder-row-${field.id}`}
              role="option"
              tabIndex={0}
              aria-selected={selectedId === field.id}
              // Named by what it shows (its label, then its kind), so the name holds the visible text.
              aria-labelledby={`builder-row-${field.id}-label builder-row-${field.id}-type`}
              aria-posinset={index + 1}
              aria-setsize={fields.length}
              draggable
              onDragStart={(e) => {
                setDragIndex(index);
                e.dataTransfer.effectAllowed = "move";
                e.dataTransfer.setData("text/plain", field.id);
              }}
              onDragOver={(e) => {
                e.preventDefault();
                setOverIndex(index);
              }}
              onDragLeave={() => setOverIndex((o) => (o === index ? null : o))}
              onDrop={(e) => {
                e.preventDefault();
                // The dragged row from the drag's own data, not from dragIndex: a drop can arrive before
                // React has rendered the drag's start (a quick drag on a busy phone).
                const id = e.dataTransfer.getData("text/plain");
                const from = fields.findIndex((f) => f.id === id);
                if (from >= 0 && from !== index) move(from, index);
                setDragIndex(null);
                setOverIndex(null);
              }}
              onDragEnd={() => {
                setDragIndex(null);
                setOverIndex(null);
              }}
              onClick={() => onSelect(field.id)}
              onKeyDown={(e) => e.target === e.currentTarget && onKeyDown(e, index, field.id)}
              className={cn(
                "group flex cursor-pointer items-center gap-2 rounded-md border bg-card px-2 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring",
                selectedId === field.id && "border-primary bg-primary/5",
                overIndex === index && dragIndex !== index && "border-primary border-dashed",
                dragIndex === index && "opacity-50",
              )}
            >
              <GripVertical
                className="size-4 shrink-0 cursor-grab text-muted-foreground"
                aria-hidden="true"
              />
              <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span id={`builder-row-${field.id}-label`} className="min-w-0 flex-1 truncate">
                {field.label || <span className="text-muted-foreground italic">Untitled</span>}
                {field.required && <span className="ml-0.5 text-destructive">*</span>}
              </span>
              <span
                id={`builder-row-${field.id}-type`}
                className="hidden text-muted-foreground text-xs sm:inline"
              >
                {FIELD_TYPE_LABELS[field.type]}
              </span>
              <Button
                type="button"
                size="icon-sm"
                variant="ghost"
                aria-label={`Move ${field.label || "field"} up`}
                disabled={index === 0}
                onClick={(e) => {
                  e.stopPropagation();
                  move(index, index - 1);
                }}
              >
                <ArrowUp />
              </Button>
              <Button
                type="button"
                size="icon-sm"
                variant="ghost"
                aria-label={`Move ${field.label || "field"} down`}
                disabled={index === fields.length - 1}
                onClick={(e) => {
                  e.stopPropagation();
                  move(index, index + 1);
                }}
              >
                <ArrowDown />
              </Button>
              <Button
                type="button"
                size="icon-sm"
                variant="ghost"
                className="text-destructive"
                aria-label={`Delete ${field.label || "field"}`}
                onClick={(e) => {
                  e.stopPropagation();
                  onDelete(field.id);
                }}
              >
                <Trash2 />
              </Button>
            </div>
          );
        })}
      </div>
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </>
  );
}
