import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createQueryClient } from "./app/query-client";
import { RootErrorBoundary } from "./app/root-error-boundary";
import { createAppRouter } from "./app/router";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <RootErrorBoundary>
      <App queryClient={createQueryClient()} router={createAppRouter()} />
    </RootErrorBoundary>
  </StrictMode>,
);
