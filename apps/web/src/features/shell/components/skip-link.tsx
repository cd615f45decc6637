/** First focusable element on every page: jumps past the navigation (visible only when focused). */
export function SkipLink({ targetId = "main-content" }: { targetId?: string }) {
  return (
    <a
      href={`#${targetId}`}
      className="sr-only z-50 rounded-md bg-background px-3 py-2 font-medium text-sm shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-none focus:ring-[3px] focus:ring-ring/50"
    >
      Skip to content
    </a>
  );
}
