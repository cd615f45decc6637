import { FORM_MESSAGES } from "@leadpost/shared";
import { CheckCircle2 } from "lucide-react";

/** 001 §2: 'Thank You!' and the form's success message, or the default one. */
export function ThankYouCard({ message }: { message: string | null }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <CheckCircle2 className="size-12 text-green-600" aria-hidden="true" />
      <h2 className="font-semibold text-2xl">Thank You!</h2>
      <p className="max-w-md whitespace-pre-line opacity-80">{message || FORM_MESSAGES.DEFAULT_SUCCESS}</p>
    </div>
  );
}
