import { useQuery } from "@tanstack/react-query";
import { Circle, CircleCheck, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { callCenterKeys, fetchPhoneNumbers, fetchRoutingNumbers, fetchStatus } from "../../api";
import { PhoneNumbersManager } from "./phone-numbers-manager";
import { RoutingNumbersManager } from "./routing-numbers-manager";

/** Phone Setup: the four-step guide with its progress, then the numbers and routing numbers. */
export function PhoneSetup({ canChange }: { canChange: boolean }) {
  const status = useQuery({ queryKey: callCenterKeys.status, queryFn: ({ signal }) => fetchStatus(signal) });
  const numbers = useQuery({
    queryKey: callCenterKeys.numbers,
    queryFn: ({ signal }) => fetchPhoneNumbers(signal),
  });
  const routing = useQuery({
    queryKey: callCenterKeys.routing,
    queryFn: ({ signal }) => fetchRoutingNumbers(signal),
  });
  const twilioNumbers = (numbers.data?.phoneNumbers ?? []).filter((n) => n.type === "twilio");
  // 002 §4: the steps complete as credentials, a Twilio number, a routing number and a route exist.
  const steps = [
    { title: "Connect Twilio", done: Boolean(status.data?.twilioConfigured) },
    { title: "Add a Twilio number", done: twilioNumbers.length > 0 },
    { title: "Add a routing number", done: (routing.data?.routingNumbers.length ?? 0) > 0 },
    {
      title: "Route a number to it",
      done: twilioNumbers.some((n) => n.routingNumberIds.length > 0 || n.routeTo.length > 0),
    },
  ];
  const complete = steps.filter((s) => s.done).length;
  const loading = status.isPending || numbers.isPending || routing.isPending;
  return (
    <div className="grid grid-cols-1 gap-4">
      {status.data && !status.data.twilioConfigured && (
        <Card className="border-amber-500/60 bg-amber-50 dark:bg-amber-950/30" role="alert">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-amber-800 dark:text-amber-300">
              <TriangleAlert className="size-4" aria-hidden="true" />
              Twilio Not Configured
            </CardTitle>
            <CardDescription className="text-amber-900/80 dark:text-amber-200/80">
              Calls cannot be answered until your Twilio Account SID and Auth Token are saved.{" "}
              <Link to="/owner/settings?tab=twilio" className="font-medium underline">
                Open Twilio settings
              </Link>
            </CardDescription>
          </CardHeader>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Setup guide</CardTitle>
          <CardDescription>
            {loading ? "Checking your setup…" : `${complete} of ${steps.length} steps complete`}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-3">
          <div
            className="h-2 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label="Setup progress"
            aria-valuemin={0}
            aria-valuemax={steps.length}
            aria-valuenow={complete}
          >
            <div
              className="h-full bg-primary transition-all"
              style={{ width: `${(complete / steps.length) * 100}%` }}
            />
          </div>
          <ol className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map((step, i) => (
              <li key={step.title} className="flex items-center gap-2 text-sm">
                {step.done ? (
                  <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
                ) : (
                  <Circle className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                )}
                <span>
                  {i + 1}. {step.title}
                  <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
                </span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <PhoneNumbersManager canChange={canChange} />
      <RoutingNumbersManager canChange={canChange} />
    </div>
  );
}
