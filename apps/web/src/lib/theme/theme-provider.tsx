import type * as React from "react";
import { useCallback, useLayoutEffect, useMemo, useState, useSyncExternalStore } from "react";
import { ThemeContext, type TThemeContext } from "./theme-context";
import {
  applyTheme,
  readTheme,
  resolveTheme,
  subscribeToSystemTheme,
  systemPrefersDark,
  type TTheme,
  writeTheme,
} from "./theme-storage";

/** Light, dark or system theme, saved in localStorage and applied as the `dark` class on <html>. */
export function ThemeProvider({ children }: { children: React.ReactNode }) {
  const [theme, setThemeState] = useState<TTheme>(readTheme);
  const prefersDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, () => false);
  const resolvedTheme = resolveTheme(theme, prefersDark);

  useLayoutEffect(() => {
    applyTheme(resolvedTheme);
  }, [resolvedTheme]);

  const setTheme = useCallback((next: TTheme) => {
    writeTheme(next);
    setThemeState(next);
  }, []);

  const value = useMemo<TThemeContext>(
    () => ({ theme, resolvedTheme, setTheme }),
    [theme, resolvedTheme, setTheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
