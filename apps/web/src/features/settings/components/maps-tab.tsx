import { MAPS_KEY_MIN_LENGTH, SETTINGS_MESSAGES } from "@leadpost/shared/domain/settings";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { testMapsKey } from "../api";
import { SecretSetting, TextSetting, type TTabProps } from "./setting-fields";
import { VerifyResult } from "./verify-result";

export function MapsTab(props: TTabProps) {
  const s = props.settings;
  const [tooShort, setTooShort] = useState(false);
  const test = useMutation({ mutationFn: (key?: string) => testMapsKey(key) });
  const run = () => {
    const typed = props.draft.googleMapsApiKey?.trim();
    const short = typed ? typed.length < MAPS_KEY_MIN_LENGTH : !s.googleMapsApiKeyLast4;
    setTooShort(short);
    if (!short) test.mutate(typed || undefined);
  };
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 md:grid-cols-2">
        <SecretSetting
          {...props}
          name="googleMapsApiKey"
          label="Google Maps API key"
          last4={s.googleMapsApiKeyLast4}
        />
        <TextSetting
          {...props}
          name="mapboxToken"
          label="Map token"
          placeholder="pk.…"
          hint="Shows the Active Lead Buyers Map on the dashboard."
        />
      </div>
      <div>
        <Button type="button" variant="outline" onClick={run} disabled={test.isPending}>
          Test API Key
        </Button>
      </div>
      {tooShort && <VerifyResult ok={false} text={SETTINGS_MESSAGES.MAPS_KEY_INVALID} />}
      {!tooShort && test.data && (
        <VerifyResult ok={test.data.ok} text={`${test.data.status}: ${test.data.message}`} />
      )}
      {!tooShort && test.isError && <VerifyResult ok={false} text={(test.error as Error).message} />}
    </div>
  );
}
