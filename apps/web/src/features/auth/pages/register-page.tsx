import { useState } from "react";
import { useSearchParams } from "react-router";
import { lazyPanel } from "@/components/ui/lazy-panel";
import { AuthCard } from "../components/auth-card";
import { AuthLink } from "../components/auth-link";
import { CompanyRegistrationForm } from "../components/company-registration-form";

// The page opens on the company registration form. The invitation forms load when the address carries an
// invitation (?token=, ?team=: a link from an e-mail), and the "check your e-mail" card after a
// registration (on-demand.mjs), with the loading skeleton meanwhile.
const InvitedRegistration = lazyPanel(
  async () => (await import("../components/invited-registration")).InvitedRegistration,
);
const TeamJoin = lazyPanel(async () => (await import("../components/team-join")).TeamJoin);
const VerificationSent = lazyPanel(
  async () => (await import("../components/verification-sent")).VerificationSent,
);

/**
 * Spec 000 §2.5: /auth/register creates a company; with ?token= it completes a buyer invitation, with
 * ?team= it joins a company from a team invitation.
 */
export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const token = searchParams.get("token");
  const team = searchParams.get("team");

  if (token !== null) return <InvitedRegistration token={token} />;
  if (team !== null) return <TeamJoin token={team} />;
  if (registeredEmail) return <VerificationSent email={registeredEmail} />;
  return (
    <AuthCard
      title="Create a Company Account"
      description="Start your 14-day free trial with 2 seats. No card required."
      footer={
        <p>
          Already have an account? <AuthLink to="/login">Sign in</AuthLink>
        </p>
      }
    >
      <CompanyRegistrationForm onRegistered={setRegisteredEmail} />
    </AuthCard>
  );
}
