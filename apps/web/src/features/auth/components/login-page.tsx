import { Navigate, useSearchParams } from "react-router";
import { homePathFor } from "@/app/route-access";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useSession } from "@/lib/session/use-session";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { useSignIn } from "../hooks/use-sign-in";
import type { TLoginAudience } from "../sign-in-destination";
import { AuthLink } from "./auth-link";
import { LoginForm } from "./login-form";

/** Spec 000 §2.3: /login and /auth/login, tabs Company Owner and Lead Buyer (?tab=buyer opens the second). */
export function LoginPage() {
  useDocumentTitle("Sign in");
  const { user } = useSession();
  const { workspace } = useWorkspace();
  const [searchParams, setSearchParams] = useSearchParams();
  const { busyAudience, error, signIn } = useSignIn();
  const tab: TLoginAudience = searchParams.get("tab") === "buyer" ? "buyer" : "company";

  // Already signed in: straight to where the user belongs (not while this page is signing in itself).
  if (user && !busyAudience) return <Navigate to={homePathFor(user, workspace.mode)} replace />;

  const formProps = (audience: TLoginAudience) => ({
    audience,
    busy: busyAudience !== null,
    error: error?.audience === audience ? error.message : null,
    onSubmit: (values: { email: string; password: string }) => void signIn(values, audience),
  });

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">Welcome back</CardTitle>
        <CardDescription>Sign in to your Leadpost account</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs
          value={tab}
          onValueChange={(value) =>
            setSearchParams(value === "buyer" ? { tab: "buyer" } : {}, { replace: true })
          }
        >
          <TabsList className="mb-4 grid w-full grid-cols-2">
            <TabsTrigger value="company">Company Owner</TabsTrigger>
            <TabsTrigger value="buyer">Lead Buyer</TabsTrigger>
          </TabsList>
          <TabsContent value="company">
            <LoginForm {...formProps("company")} forgotPasswordHref="/auth/forgot-password" />
          </TabsContent>
          <TabsContent value="buyer" className="grid gap-4">
            <p className="rounded-md bg-muted p-3 text-muted-foreground text-sm">
              Lead buyer accounts are created by invitation. If you don't have an account yet, ask the company
              that invited you to send you an invitation.
            </p>
            <LoginForm {...formProps("buyer")} forgotPasswordHref="/buyer/forgot-password" />
          </TabsContent>
        </Tabs>
      </CardContent>
      <CardFooter className="justify-center text-muted-foreground text-sm">
        <p>
          New to Leadpost? <AuthLink to="/auth/register">Create a Company Account</AuthLink>
        </p>
      </CardFooter>
    </Card>
  );
}
