import { Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/toast";
import { IMAGE_UPLOAD } from "../../lib/messages";
import { uploadFormImage } from "../../upload-image";

/** An image field's picture: upload one (000 §5.2: images only, under 5 MB) or paste an address. */
export function ImageUpload({
  src,
  onChange,
}: {
  src: string | undefined;
  onChange: (src: string | undefined) => void;
}) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setError(null);
    if (!file.type.startsWith("image/")) return setError(IMAGE_UPLOAD.NOT_IMAGE);
    if (file.size > IMAGE_UPLOAD.MAX_BYTES) return setError(IMAGE_UPLOAD.TOO_LARGE);
    setBusy(true);
    try {
      onChange(await uploadFormImage(file));
    } catch (err) {
      const message = err instanceof Error ? err.message : IMAGE_UPLOAD.FAILED;
      setError(message);
      toast.error(IMAGE_UPLOAD.FAILED, {
        description: message === IMAGE_UPLOAD.FAILED ? undefined : message,
      });
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = "";
    }
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Image address</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={src ?? ""}
          placeholder="https://… or upload"
          onChange={(e) => onChange(e.target.value || undefined)}
        />
        <BusyButton
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() => fileRef.current?.click()}
          busy={busy}
          icon={<Upload aria-hidden="true" />}
        >
          {" "}
          Upload
        </BusyButton>
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          className="hidden"
          aria-label="Image file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
      </div>
      {error && (
        <p role="alert" className="text-destructive text-xs">
          {error}
        </p>
      )}
      {src && <img src={src} alt="" className="mt-1 max-h-32 w-fit rounded border object-contain" />}
    </div>
  );
}
