import type { TPhoneNumber } from "@leadpost/shared";
import { DEFAULT_RECORDING_MESSAGE } from "@leadpost/shared/domain/calls";
import { useQuery } from "@tanstack/react-query";
import { ArrowDown, ArrowRight, Bot, Phone, PhoneForwarded, User, Voicemail } from "lucide-react";
import type * as React from "react";
import { callCenterKeys, fetchAgents, fetchRoutingNumbers } from "../../api";
import { STRATEGY_LABEL, showNumber } from "../../lib/format";

/**
 * Where a call to this number goes, as the voice webhook decides it: caller → number → strategy →
 * routing numbers (those named, then those linked) or else available agents → voicemail.
 */
export function CallFlow({ number, debug }: { number: TPhoneNumber; debug: boolean }) {
  const routing = useQuery({
    queryKey: callCenterKeys.routing,
    queryFn: ({ signal }) => fetchRoutingNumbers(signal),
  });
  const agents = useQuery({ queryKey: callCenterKeys.agents, queryFn: ({ signal }) => fetchAgents(signal) });
  const ids = [...number.routeTo, ...number.routingNumberIds.filter((id) => !number.routeTo.includes(id))];
  const targets = ids
    .map((id) => routing.data?.routingNumbers.find((r) => r.id === id))
    .filter((r) => r !== undefined)
    .map((r) => ({ key: r.id, icon: PhoneForwarded, label: r.label, detail: showNumber(r.phoneNumber) }));
  const available = (agents.data?.agents ?? [])
    .filter((a) => a.status === "available")
    .map((a) => ({ key: a.id, icon: User, label: a.name, detail: showNumber(a.phoneNumber) }));
  const rings = number.routeToVoicemail ? [] : targets.length ? targets : available;
  return (
    <section
      aria-label={`Call flow of ${showNumber(number.phoneNumber)}`}
      className="grid grid-cols-1 gap-3 rounded-md border p-4"
    >
      <h3 className="font-medium text-sm">Call flow</h3>
      <div className="flex flex-col items-stretch gap-2 md:flex-row md:items-center">
        <Step icon={Phone} label="Caller" />
        <Arrow />
        <Step
          icon={Bot}
          label={showNumber(number.phoneNumber)}
          detail={
            number.isActive ? (number.description ?? "Twilio number") : "Inactive: calls are not answered"
          }
        />
        <Arrow />
        {number.routeToVoicemail ? (
          <Step icon={Voicemail} label="Voicemail" detail="This number sends every caller to voicemail" />
        ) : (
          <>
            <Step
              icon={ArrowRight}
              label={STRATEGY_LABEL[number.routingStrategy]}
              detail={targets.length ? "Routing numbers" : "Available agents"}
            />
            <Arrow />
            <div className="grid grid-cols-1 flex-1 gap-1">
              {rings.length === 0 ? (
                <p className="text-muted-foreground text-sm">
                  Nobody to ring yet: link a routing number or add an available agent.
                </p>
              ) : (
                rings.map((r, i) => (
                  <Step
                    key={r.key}
                    icon={r.icon}
                    label={`${number.routingStrategy === "sequential" ? `${i + 1}. ` : ""}${r.label}`}
                    detail={r.detail}
                  />
                ))
              )}
            </div>
            <Arrow />
            <Step icon={Voicemail} label="Voicemail" detail="When nobody answers" />
          </>
        )}
      </div>
      {number.recordingEnabled && (
        <p className="text-muted-foreground text-xs">
          Recorded, after: “{number.recordingMessage ?? DEFAULT_RECORDING_MESSAGE}”
        </p>
      )}
      {debug && (
        <pre className="max-h-64 overflow-auto rounded-md bg-muted p-3 text-xs" data-testid="call-flow-debug">
          {JSON.stringify(number, null, 2)}
        </pre>
      )}
    </section>
  );
}

function Step({ icon: Icon, label, detail }: { icon: React.ElementType; label: string; detail?: string }) {
  return (
    <div className="flex min-w-0 items-center gap-2 rounded-md border bg-card px-3 py-2 text-sm">
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0">
        <div className="truncate font-medium">{label}</div>
        {detail && <div className="truncate text-muted-foreground text-xs">{detail}</div>}
      </div>
    </div>
  );
}

function Arrow() {
  return (
    <>
      <ArrowDown className="mx-auto size-4 text-muted-foreground md:hidden" aria-hidden="true" />
      <ArrowRight className="hidden size-4 shrink-0 text-muted-foreground md:block" aria-hidden="true" />
    </>
  );
}
