import type { TTheme } from "@/lib/theme/theme-storage";

export const THEME_LABELS: Record<TTheme, string> = { light: "Light", dark: "Dark", system: "System" };
