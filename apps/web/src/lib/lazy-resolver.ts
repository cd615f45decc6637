import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import { NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from "./api-error";
import { onFirstUse } from "./on-first-use";
import { toast } from "./toast";

/**
 * A form resolver that loads on the form's first check (a submit, or a change once submitted): the page's
 * first load downloads neither zod nor the form's rules. A failed load is tried again on the next check;
 * meanwhile the form is not submitted and the user is told, instead of the submit doing nothing.
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): Resolver<TInput, TContext, TOutput> {
  const rules = onFirstUse(load);
  return async (values, context, options) => {
    let resolver: Resolver<TInput, TContext, TOutput>;
    try {
      resolver = await rules.load();
    } catch {
      // One toast however often the form is checked while the rules cannot be downloaded.
      toast.error(NETWORK_ERROR_MESSAGE, { id: "form-rules-download" });
      // As react-hook-form's setError("root.network"): the form is not valid, and no field is to blame.
      const errors: FieldErrors<TInput> = {};
      errors.root = { network: { type: NETWORK_ERROR_CODE, message: NETWORK_ERROR_MESSAGE } };
      return { values: {}, errors };
    }
    return resolver(values, context, options);
  };
}
