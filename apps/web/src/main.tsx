import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createQueryClient } from "./app/query-client";
import { RootErrorBoundary } from "./app/root-error-boundary";
import { createAppRouter } from "./app/router";
import "./index.css";
import { takeFlashToast } from "./lib/flash-toast";
import { toast } from "./lib/toast";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// A toast the previous page (the sign-in page, a sign-out) left for this one.
const flash = takeFlashToast();
if (flash) toast[flash.kind](flash.message);

createRoot(container).render(
  <StrictMode>
    <RootErrorBoundary>
      <App queryClient={createQueryClient()} router={createAppRouter()} />
    </RootErrorBoundary>
  </StrictMode>,
);
