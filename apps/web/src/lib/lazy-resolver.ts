import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A form resolver that loads on the form's first check (a submit, or a change once submitted): the page's
 * first load downloads neither zod nor the form's rules. A failed load is tried again on the next check.
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): Resolver<TInput, TContext, TOutput> {
  let loading: Promise<Resolver<TInput, TContext, TOutput>> | null = null;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    const resolver = await loading;
    return resolver(values, context, options);
  };
}
