import { useContext } from "react";
import { ThemeContext, type TThemeContext } from "./theme-context";

export function useTheme(): TThemeContext {
  const context = useContext(ThemeContext);
  if (!context) throw new Error("useTheme must be used within a ThemeProvider.");
  return context;
}
