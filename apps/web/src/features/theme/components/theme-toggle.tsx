import { Moon, Sun } from "lucide-react";
import type * as React from "react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { useTheme } from "@/lib/theme/use-theme";
import { THEME_LABELS } from "./theme-labels";

// The menu (radix dropdown, popper, focus and scroll locks) loads on the first open, not with every page.
const ThemeMenu = lazy(async () => ({ default: (await import("./theme-menu")).ThemeMenu }));
const loadMenu = () => void import("./theme-menu");

/**
 * Light / dark / system switch for the header. `initiallyOpen`: mounted by a click already made (the
 * sign-in page's stand-in button), so the menu opens at once.
 */
export function ThemeToggle({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const { theme, resolvedTheme } = useTheme();
  const [wanted, setWanted] = useState(initiallyOpen);
  const themeButton = (props: React.ComponentProps<typeof Button>) => (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={`Theme: ${THEME_LABELS[theme]}. Change theme`}
      {...props}
    >
      {resolvedTheme === "dark" ? <Moon /> : <Sun />}
    </Button>
  );
  // Until then a button that looks the same stands in; a click mounts the menu open.
  const standIn = themeButton({
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: loadMenu,
    onFocus: loadMenu,
    onClick: () => setWanted(true),
  });
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <ThemeMenu button={themeButton({})} />
    </Suspense>
  );
}
