import { Navigate, type RouteObject } from "react-router";
import { buyerPortalRoutes } from "@/features/buyer-portal/routes";
import { FullPageLoading } from "@/features/session/components/full-page-loading";
import { AppRoot } from "./app-root";
import {
  authComingSoon,
  authPage,
  comingSoon,
  lazyAuthLayout,
  lazyBuyerApplication,
  lazyBuyerLayout,
  lazyBuyersPage,
  lazyCompanyLayout,
  lazyCreditsPage,
  lazyDashboardHome,
  lazyFormBuilder,
  lazyFormsList,
  lazyLeads,
  lazyLoginPage,
  lazyNichesPage,
  lazyWhoamiDebug,
  publicForm,
} from "./lazy-routes";
import { RouteErrorScreen } from "./route-error-screen";
import { RouteGuard } from "./route-guard";

/** Spec 003 §2.1: public routes, shown in the centered auth layout. */
const authRoutes: RouteObject[] = [
  { path: "login", lazy: lazyLoginPage },
  { path: "auth/login", lazy: lazyLoginPage },
  { path: "buyer/login", lazy: authPage.buyerLogin },
  { path: "register", lazy: lazyBuyerApplication },
  { path: "auth/register", lazy: authPage.register },
  { path: "auth/forgot-password", lazy: authPage.forgotPassword("general") },
  { path: "auth/reset-password", lazy: authPage.resetPassword("general") },
  { path: "reset-password", lazy: authPage.resetPassword("general") },
  { path: "auth/create-password", lazy: authPage.createPassword },
  { path: "auth/chat-password-reset", lazy: authPage.codeReset },
  { path: "buyer/forgot-password", lazy: authPage.forgotPassword("buyer") },
  { path: "buyer/reset-password", lazy: authPage.resetPassword("buyer") },
  { path: "auth/reset-password-redirect", lazy: authPage.resetRedirect },
  { path: "auth/callback", lazy: authPage.callback },
  { path: "auth/recovery", lazy: authPage.resetRedirect },
  { path: "auth/recovery/*", lazy: authPage.resetRedirect },
  { path: "projects/:projectId", lazy: authComingSoon("Project") },
  { path: "projects/:projectId/*", lazy: authComingSoon("Project") },
];

/** Company side, inside the company layout. "/" and "/dashboard" are the role switch (see route-access). */
const companyRoutes: RouteObject[] = [
  { index: true, lazy: lazyDashboardHome },
  { path: "dashboard", lazy: lazyDashboardHome },
  { path: "dashboard/forms", lazy: lazyFormsList },
  { path: "dashboard/forms/new", lazy: lazyFormBuilder },
  { path: "dashboard/forms/:formId", lazy: lazyFormBuilder },
  { path: "dashboard/leads", lazy: lazyLeads },
  { path: "dashboard/buyers", lazy: lazyBuyersPage },
  { path: "dashboard/niches", lazy: lazyNichesPage },
  {
    path: "dashboard/email",
    lazy: comingSoon("Email", { description: "Every message sent for your company." }),
  },
  { path: "dashboard/docs", lazy: comingSoon("Documentation") },
  {
    path: "dashboard/calls",
    lazy: comingSoon("Call Center", { description: "Live calls, history and voicemail." }),
  },
  {
    path: "dashboard/calls/dni",
    lazy: comingSoon("Call Tracking", { description: "Tracking numbers per source." }),
  },
  {
    path: "dashboard/dni",
    lazy: comingSoon("Call Tracking", { description: "Tracking numbers per source." }),
  },
  {
    path: "owner/settings",
    lazy: comingSoon("Settings", { description: "Company, team, integrations and billing." }),
  },
  { path: "owner/credits", lazy: lazyCreditsPage },
  { path: "dashboard/settings/preferences", lazy: comingSoon("Preferences") },
  { path: "dashboard/settings/auth-events", lazy: comingSoon("Auth Events") },
  { path: "dashboard/developer", lazy: comingSoon("Developer Settings") },
  { path: "dashboard/developer/subscribers", lazy: comingSoon("Subscribers") },
];

/** Spec 003 §2.1 and §2.2: the Lead Buyer Portal. */
const buyerRoutes: RouteObject[] = buyerPortalRoutes;

export const routes: RouteObject[] = [
  // Public lead-capture forms: outside the session bootstrap, their own chunk.
  {
    path: "/forms/:formId",
    lazy: publicForm("page"),
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: FullPageLoading,
  },
  {
    path: "/forms/:formId/preview",
    lazy: publicForm("preview"),
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: FullPageLoading,
  },
  {
    path: "/forms/:formId/embed",
    lazy: publicForm("embed"),
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: FullPageLoading,
  },
  {
    id: "app",
    Component: AppRoot,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: FullPageLoading,
    children: [
      { lazy: lazyAuthLayout, children: authRoutes },
      {
        Component: RouteGuard,
        children: [
          { lazy: lazyCompanyLayout, children: companyRoutes },
          { path: "buyer", lazy: lazyBuyerLayout, children: buyerRoutes },
          { path: "debug/whoami", lazy: lazyWhoamiDebug },
        ],
      },
      // 001 §2: a public form address without its id goes to the forms list.
      { path: "forms", element: <Navigate to="/dashboard/forms" replace /> },
      { path: "dashboard/my-leads", element: <Navigate to="/buyer/my-leads" replace /> },
      { path: "dashboard/settings", element: <Navigate to="/owner/settings" replace /> },
      { path: "dashboard/crm", element: <Navigate to="/owner/settings" replace /> },
      // Spec 000 §2.13: Create Your Password's default destination.
      { path: "lead-buyer", element: <Navigate to="/buyer/dashboard" replace /> },
      { path: "*", element: <Navigate to="/login" replace /> },
    ],
  },
];
