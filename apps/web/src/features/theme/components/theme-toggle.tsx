import { Moon, Sun } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { useTheme } from "@/lib/theme/use-theme";
import { THEME_LABELS } from "./theme-labels";

// The menu (radix dropdown, popper, focus and scroll locks) loads on the first open, not with every page.
const ThemeMenu = lazy(async () => ({ default: (await import("./theme-menu")).ThemeMenu }));
const loadMenu = () => void import("./theme-menu");

/** Light / dark / system switch for the header. */
export function ThemeToggle() {
  const { theme, resolvedTheme } = useTheme();
  const [wanted, setWanted] = useState(false);
  const button = (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={`Theme: ${THEME_LABELS[theme]}. Change theme`}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={loadMenu}
      onFocus={loadMenu}
      onClick={() => setWanted(true)}
    >
      {resolvedTheme === "dark" ? <Moon /> : <Sun />}
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <ThemeMenu
        button={
          <Button variant="ghost" size="icon-sm" aria-label={`Theme: ${THEME_LABELS[theme]}. Change theme`}>
            {resolvedTheme === "dark" ? <Moon /> : <Sun />}
          </Button>
        }
      />
    </Suspense>
  );
}
