import { useEffect, useRef } from "react";
import { mountFormView, type TFormView, type TRenderableForm } from "@/public-form/form-view";

/**
 * The builder's live preview: the public page's own renderer (plain DOM) inside a React box, so the
 * preview is drawn by exactly the code visitors run.
 */
export function FormPreview({ form, onSubmit }: { form: TRenderableForm; onSubmit: () => void }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<TFormView | null>(null);
  const latest = useRef({ form, onSubmit });
  latest.current = { form, onSubmit };

  // Mounted once; later drafts redraw it through update(), which keeps the preview's answers.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const view = mountFormView(host, latest.current.form, { onSubmit: () => latest.current.onSubmit() });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, []);
  useEffect(() => {
    viewRef.current?.update(form);
  }, [form]);

  return <div ref={hostRef} />;
}
