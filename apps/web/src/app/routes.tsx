import { Navigate, type RouteObject } from "react-router";
import { buyerPortalRoutes } from "@/features/buyer-portal/routes";
import { FullPageLoading } from "@/features/session/components/full-page-loading";
import { AppRoot } from "./app-root";
import {
  authPage,
  lazyAdminCompany,
  lazyAuthEventsPage,
  lazyAuthLayout,
  lazyBuyerApplication,
  lazyBuyerLayout,
  lazyBuyersPage,
  lazyCallCenter,
  lazyCallTracking,
  lazyCompanyLayout,
  lazyCreditsPage,
  lazyDashboardHome,
  lazyDeveloperSettings,
  lazyEmailPage,
  lazyFormBuilder,
  lazyFormsList,
  lazyInvitations,
  lazyLeads,
  lazyNichesPage,
  lazyNotFoundPage,
  lazyOwnerDocs,
  lazyOwnPage,
  lazyPreferencesPage,
  lazyReturnsPage,
  lazySettingsPage,
  lazySubscribers,
  lazyWhoamiDebug,
} from "./lazy-routes";
import { OldProjectLink } from "./old-project-link";
import { RouteErrorScreen } from "./route-error-screen";
import { RouteGuard } from "./route-guard";

/** Spec 003 §2.1: public routes, shown in the centered auth layout. */
const authRoutes: RouteObject[] = [
  // The sign-in page is its own page (login.html, src/sign-in): reached by a full page load.
  { path: "login", lazy: lazyOwnPage },
  { path: "auth/login", lazy: lazyOwnPage },
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
  { path: "projects/:projectId", element: <OldProjectLink /> },
  { path: "projects/:projectId/*", element: <OldProjectLink /> },
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
  { path: "dashboard/returns", lazy: lazyReturnsPage },
  { path: "dashboard/email", lazy: lazyEmailPage },
  { path: "dashboard/docs", lazy: lazyOwnerDocs },
  { path: "dashboard/calls", lazy: lazyCallCenter },
  { path: "dashboard/calls/dni", lazy: lazyCallTracking },
  { path: "dashboard/dni", lazy: lazyCallTracking },
  { path: "owner/settings", lazy: lazySettingsPage },
  { path: "owner/credits", lazy: lazyCreditsPage },
  { path: "dashboard/settings/preferences", lazy: lazyPreferencesPage },
  { path: "dashboard/settings/auth-events", lazy: lazyAuthEventsPage },
  { path: "dashboard/developer", lazy: lazyDeveloperSettings },
  { path: "dashboard/developer/subscribers", lazy: lazySubscribers },
  { path: "dashboard/developer/companies/:companyId", lazy: lazyAdminCompany },
];

/** Spec 003 §2.1 and §2.2: the Lead Buyer Portal. */
const buyerRoutes: RouteObject[] = buyerPortalRoutes;

export const routes: RouteObject[] = [
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
          { path: "invitations", lazy: lazyInvitations },
        ],
      },
      // 001 §2: a public form address without its id goes to the forms list.
      { path: "forms", element: <Navigate to="/dashboard/forms" replace /> },
      { path: "dashboard/my-leads", element: <Navigate to="/buyer/my-leads" replace /> },
      { path: "dashboard/settings", element: <Navigate to="/owner/settings" replace /> },
      { path: "dashboard/crm", element: <Navigate to="/owner/settings" replace /> },
      // Spec 000 §2.13: Create Your Password's default destination.
      { path: "lead-buyer", element: <Navigate to="/buyer/dashboard" replace /> },
      // Unknown addresses, signed in or not: a real 404 page (the server answers 404 for missing files).
      { path: "*", lazy: lazyNotFoundPage },
    ],
  },
];
