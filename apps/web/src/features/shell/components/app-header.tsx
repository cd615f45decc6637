import type * as React from "react";
import { Separator } from "@/components/ui/separator";
import { SidebarTrigger } from "@/components/ui/sidebar/sidebar-trigger";

/** The bar above every signed-in screen: sidebar toggle on the left, the layout's controls on the right. */
export function AppHeader({ title, actions }: { title?: string; actions: React.ReactNode }) {
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 md:px-4">
      <SidebarTrigger />
      {title && (
        <>
          <Separator orientation="vertical" className="mx-1 data-[orientation=vertical]:h-4" />
          <span className="truncate font-medium text-sm">{title}</span>
        </>
      )}
      <div className="ml-auto flex items-center gap-1.5 sm:gap-2">{actions}</div>
    </header>
  );
}
