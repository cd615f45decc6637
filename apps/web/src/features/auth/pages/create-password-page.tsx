import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import type { z } from "zod";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { isApiError, TIMEOUT_ERROR_CODE } from "@/lib/api-error";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useSession } from "@/lib/session/use-session";
import { toast } from "@/lib/toast";
import { useCheckedForm } from "@/lib/use-checked-form";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { AuthCard } from "../components/auth-card";
import { FormAlert } from "../components/form-alert";
import { NewPasswordFields } from "../components/new-password-fields";
import type { ZCreatePasswordSchema } from "../form-schemas";
import { safeRedirectPath } from "../form-values";
import { acceptInvitation } from "../invitation-api";
import { resetPassword } from "../reset-api";

type TValues = z.output<typeof ZCreatePasswordSchema>;
/** Spec 000 §2.13: the default destination. */
export const CREATE_PASSWORD_DEFAULT_PATH = "/lead-buyer";
/** Spec 000 §9: password update timeout. */
const UPDATE_TIMEOUT_MS = 5000;
const TIMEOUT_TEXT = "Password creation failed. Try requesting a new invite.";

type TLink = { kind: "invite" | "password-link"; token: string } | null;

/** invite: a buyer invitation token; magiclink (or access_token): a single-use set-password token. */
export function readCreatePasswordLink(search: string, hash: string): TLink {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  const get = (key: string) => query.get(key) ?? fragment.get(key);
  const token = get("token");
  const type = get("type");
  if (token && type === "invite") return { kind: "invite", token };
  if (token && type === "magiclink") return { kind: "password-link", token };
  const accessToken = get("access_token");
  if (accessToken && get("refresh_token")) return { kind: "password-link", token: accessToken };
  return null;
}

function failureText(error: unknown, kind: "invite" | "password-link"): string {
  if (!isApiError(error)) return TIMEOUT_TEXT;
  if (error.code === TIMEOUT_ERROR_CODE) return TIMEOUT_TEXT;
  if (error.code === "INVALID_TOKEN") return "This link is invalid or has expired. Please request a new one.";
  if (error.status === 401) return "Your session has expired. Please request a new link.";
  if (kind === "invite" && error.status === 404) return "This invitation has expired or is invalid.";
  return error.message;
}

/** Spec 000 §2.13: Create Your Password, from an invitation or a set-password link. */
export function CreatePasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const { setMode } = useWorkspace();
  const [link] = useState(() => readCreatePasswordLink(location.search, location.hash));
  const [redirectTo] = useState(() =>
    safeRedirectPath(new URLSearchParams(location.search).get("redirect_to"), CREATE_PASSWORD_DEFAULT_PATH),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useCheckedForm<z.input<typeof ZCreatePasswordSchema>, TValues>({
    resolver: lazyResolver(() => import("../form-checks").then((m) => m.createPasswordCheck)),
    defaultValues: { password: "", confirmPassword: "" },
  });

  useEffect(() => {
    if (location.search || location.hash) navigate(location.pathname, { replace: true });
  }, [location.search, location.hash, location.pathname, navigate]);

  if (!link) {
    return (
      <AuthCard
        title="Create Your Password"
        description="This link is invalid or incomplete. Please request a new invite."
      >
        <Button asChild>
          <Link to="/login">Go to Login</Link>
        </Button>
      </AuthCard>
    );
  }

  const onSubmit = async (values: TValues) => {
    setFailure(null);
    try {
      if (link.kind === "invite") {
        await acceptInvitation(link.token, values, UPDATE_TIMEOUT_MS);
        await refresh().catch(() => null);
        setMode("buyer");
        toast.success("Your password has been created.");
        navigate(redirectTo, { replace: true });
      } else {
        await resetPassword(link.token, values.password, UPDATE_TIMEOUT_MS);
        toast.success("Your password has been created. Please sign in.", { duration: 10_000 });
        navigate("/login", { replace: true });
      }
    } catch (error) {
      setFailure(failureText(error, link.kind));
    }
  };

  return (
    <AuthCard title="Create Your Password" description="Choose a password to finish setting up your account.">
      <form
        className="grid gap-4"
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-label="Create Your Password"
      >
        <NewPasswordFields
          password={watch("password")}
          passwordField={register("password")}
          confirmField={register("confirmPassword")}
          passwordError={errors.password?.message}
          confirmError={errors.confirmPassword?.message}
          disabled={isSubmitting}
        />
        {failure && <FormAlert>{failure}</FormAlert>}
        <BusyButton
          type="submit"
          disabled={isSubmitting}
          busy={isSubmitting}
          busyLabel="Creating password..."
        >
          Create Password
        </BusyButton>
      </form>
    </AuthCard>
  );
}
