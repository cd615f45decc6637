import { Outlet } from "react-router";
import { AppFooter } from "@/features/shell/components/app-footer";
import { BrandMark } from "@/features/shell/components/brand-mark";
import { SkipLink } from "@/features/shell/components/skip-link";
import { ThemeToggle } from "@/features/theme/components/theme-toggle";

/** Centered card layout for sign-in, registration and password pages. */
export function AuthLayout() {
  return (
    <div className="flex min-h-svh flex-col bg-muted/40">
      <SkipLink />
      <header className="flex items-center justify-between px-4 py-3 md:px-6">
        <div className="flex items-center gap-2">
          <BrandMark className="size-7" />
          <span className="font-semibold text-lg tracking-tight">Leadpost</span>
        </div>
        <ThemeToggle />
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="flex flex-1 items-center justify-center p-4 outline-none"
      >
        <Outlet />
      </main>
      <AppFooter />
    </div>
  );
}
