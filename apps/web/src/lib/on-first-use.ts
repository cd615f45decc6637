import { networkError } from "./api-error";

/**
 * A module imported on first use (a component's heavy part): `load()` imports it once, and a failed
 * import is tried again on the next call; `current()` is the module once it has arrived, else null.
 */
export function onFirstUse<M>(importer: () => Promise<M>) {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const load = (): Promise<M> => {
    loading ??= importer().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return { load, current: () => loaded };
}

/**
 * A form's rules (zod and the phone library) imported on its first submit, so the page's first load
 * downloads neither. A failed download is tried again on the next submit and rejects with the network
 * error a failed save shows, so the form can say so instead of doing nothing.
 */
export function checksOnSubmit<M>(importer: () => Promise<M>): () => Promise<M> {
  const { load } = onFirstUse(importer);
  return () =>
    load().catch(() => {
      throw networkError();
    });
}
