/** Progress of a multistep form: (step + 1) / total. */
export function FormProgress({ value, step, total }: { value: number; step: number; total: number }) {
  const percent = Math.round(value * 100);
  return (
    <div className="mb-5 space-y-1.5">
      <div className="flex justify-between text-xs opacity-75">
        <span>
          Step {step + 1} of {total}
        </span>
        <span>{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label="Form progress"
        className="h-2 overflow-hidden rounded-full bg-[var(--form-accent-soft)]"
      >
        <div
          className="h-full rounded-full bg-[var(--form-accent)] transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
