import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { ThemeProvider } from "@/lib/theme/theme-provider";
import type { TAppRouter } from "./router";
import { ToasterSlot } from "./toaster-slot";

export function App({ queryClient, router }: { queryClient: QueryClient; router: TAppRouter }) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ToasterSlot />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
