/** The outcome line under a verify button, announced to screen readers. */
export function VerifyResult({ ok, text }: { ok: boolean; text: string }) {
  return (
    <p
      role="status"
      className={ok ? "text-emerald-700 text-sm dark:text-emerald-400" : "text-destructive text-sm"}
    >
      {text}
    </p>
  );
}
