import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { ThemeProvider } from "@/lib/theme/theme-provider";
import { AppToaster } from "./app-toaster";
import type { TAppRouter } from "./router";

export function App({ queryClient, router }: { queryClient: QueryClient; router: TAppRouter }) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <AppToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
