import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";

/** The two ways to put a form on another site: a plain iframe, or the script that sizes the frame itself. */
export function embedSnippets(origin: string, formId: string, title: string) {
  const safeTitle = title.replace(/[<>"&]/g, "");
  return {
    iframe: `<iframe src="${origin}/forms/${formId}/embed" title="${safeTitle}" style="width:100%;min-height:640px;border:0" loading="lazy"></iframe>`,
    script: `<script src="${origin}/api/public/embed.js" data-leadpost-form="${formId}" async></script>`,
    link: `${origin}/forms/${formId}`,
  };
}

function Snippet({ label, value, hint }: { label: string; value: string; hint: string }) {
  const [copied, setCopied] = useState(false);
  const id = `snippet-${label.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(value);
              setCopied(true);
              setTimeout(() => setCopied(false), 2000);
            } catch {
              toast.error("Copy failed. Select the code and copy it yourself.");
            }
          }}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />} {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <Textarea
        id={id}
        readOnly
        value={value}
        rows={3}
        className="font-mono text-xs"
        onFocus={(e) => e.target.select()}
      />
      <p className="text-muted-foreground text-xs">{hint}</p>
    </div>
  );
}

/** Where the embed works, as the saved form's "Embedding" list decides (the server's frame-ancestors). */
export function embedScopeText(origins: readonly string[]) {
  return origins.length === 0 ? "Embeds on any site" : `Only on: ${origins.join(", ")}`;
}

export function EmbedCode({
  formId,
  title,
  published,
  embedOrigins,
}: {
  formId: string | null;
  title: string;
  published: boolean;
  /** The saved form's sites that may frame it. */
  embedOrigins: readonly string[];
}) {
  if (!formId) {
    return <p className="text-muted-foreground text-sm">Save the form to get its link and embed code.</p>;
  }
  const snippets = embedSnippets(window.location.origin, formId, title);
  return (
    <div className="grid gap-5">
      {!published && (
        <p role="status" className="rounded-md bg-warning/15 px-3 py-2 text-sm text-warning">
          This form is a draft: its page and embeds show “Form not found or not published” until you publish
          it.
        </p>
      )}
      <div className="grid gap-0.5 text-sm" data-testid="embed-scope">
        <p className="font-medium">{embedScopeText(embedOrigins)}</p>
        <p className="text-muted-foreground text-xs">
          {embedOrigins.length === 0
            ? "To restrict it, list your sites under Settings → Embedding."
            : "Other sites are refused by the browser. Change the list under Settings → Embedding."}
        </p>
      </div>
      <Snippet
        label="Link"
        value={snippets.link}
        hint="Share this address, or open it to fill in the form."
      />
      <Snippet
        label="Auto-resizing script"
        value={snippets.script}
        hint="Paste where the form should appear. The frame grows and shrinks with the form, and the page address is recorded with each lead."
      />
      <Snippet
        label="Iframe"
        value={snippets.iframe}
        hint="A fixed frame without border, for sites that do not allow scripts."
      />
    </div>
  );
}
