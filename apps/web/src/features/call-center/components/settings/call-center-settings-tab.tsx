import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useTabParam } from "@/lib/use-tab-param";
import { TwilioIndicator } from "../twilio-indicator";
import { AgentsPanel } from "./agents-panel";
import { CallSettingsCard } from "./call-settings-card";
import { GeneralSettings } from "./general-settings";
import { PhoneSetup } from "./phone-setup";
import { VoicemailSettings } from "./voicemail-settings";

const SECTIONS = ["phone-setup", "general", "agents", "voicemail"] as const;

/** Call Center → Settings: Phone Setup, General Settings, Agents, Voicemail (002). */
export function CallCenterSettingsTab({ canChange }: { canChange: boolean }) {
  const [section, setSection] = useTabParam(SECTIONS, "section");
  return (
    <Tabs value={section} onValueChange={setSection}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <TabsList className="h-auto flex-wrap justify-start" aria-label="Call center settings">
          <TabsTrigger value="phone-setup" className="flex-none">
            Phone Setup
          </TabsTrigger>
          <TabsTrigger value="general" className="flex-none">
            General Settings
          </TabsTrigger>
          <TabsTrigger value="agents" className="flex-none">
            Agents
          </TabsTrigger>
          <TabsTrigger value="voicemail" className="flex-none">
            Voicemail
          </TabsTrigger>
        </TabsList>
        <TwilioIndicator />
      </div>
      <TabsContent value="phone-setup">
        <PhoneSetup canChange={canChange} />
      </TabsContent>
      <TabsContent value="general" className="grid grid-cols-1 gap-4">
        <GeneralSettings />
        <CallSettingsCard canChange={canChange} />
      </TabsContent>
      <TabsContent value="agents">
        <AgentsPanel canChange={canChange} />
      </TabsContent>
      <TabsContent value="voicemail">
        <VoicemailSettings canChange={canChange} />
      </TabsContent>
    </Tabs>
  );
}
