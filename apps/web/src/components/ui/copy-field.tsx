import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/toast";

/** A read-only value (a webhook address) with a button that copies it. */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={`Copy ${label}`}
          onClick={() =>
            navigator.clipboard.writeText(value).then(
              () => toast.success("Copied"),
              () => toast.error("Copy failed: select the address and copy it yourself"),
            )
          }
        >
          <Copy aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
