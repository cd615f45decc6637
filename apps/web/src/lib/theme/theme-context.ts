import { createContext } from "react";
import type { TResolvedTheme, TTheme } from "./theme-storage";

export type TThemeContext = {
  /** The user's choice. */
  theme: TTheme;
  /** What is on screen: the choice, or the system's preference for "system". */
  resolvedTheme: TResolvedTheme;
  setTheme: (theme: TTheme) => void;
};

export const ThemeContext = createContext<TThemeContext | null>(null);
