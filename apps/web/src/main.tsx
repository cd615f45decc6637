import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createQueryClient } from "./app/query-client";
import { RootErrorBoundary } from "./app/root-error-boundary";
import { createAppRouter } from "./app/router";
import "./index.css";
import { hasFlashToasts } from "./lib/flash-toast-key";
import { toast } from "./lib/toast";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// Toasts the previous page (the sign-in page) left for this one.
if (hasFlashToasts()) {
  void import("./lib/flash-toast").then(({ takeFlashToasts }) => {
    for (const { kind, message, ...options } of takeFlashToasts()) toast[kind](message, options);
  });
}

createRoot(container).render(
  <StrictMode>
    <RootErrorBoundary>
      <App queryClient={createQueryClient()} router={createAppRouter()} />
    </RootErrorBoundary>
  </StrictMode>,
);
