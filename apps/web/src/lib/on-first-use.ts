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
