import { useSearchParams } from "react-router";

/**
 * A tab kept in the address (?tab=… or another key), so a reload or a shared link opens the same tab;
 * an unknown value falls back to the first tab. Changing tabs replaces the history entry.
 */
export function useTabParam<T extends string>(tabs: readonly T[], key = "tab"): [T, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(key);
  const tab = tabs.find((t) => t === wanted) ?? (tabs[0] as T);
  const setTab = (value: string) =>
    setParams(
      (p) => {
        p.set(key, value);
        return p;
      },
      { replace: true },
    );
  return [tab, setTab];
}
