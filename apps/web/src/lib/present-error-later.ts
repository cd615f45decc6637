import type { TPresentedError, TPresentOptions } from "./api-error-presenter";

/**
 * presentApiError loaded with the first failure (ON_DEMAND in on-demand.mjs): a screen that only words
 * errors in a call's onError does not download the presenter with the page.
 */
export async function presentApiErrorLater(
  error: unknown,
  options?: TPresentOptions,
): Promise<TPresentedError> {
  const { presentApiError } = await import("./api-error-presenter");
  return presentApiError(error, options);
}
