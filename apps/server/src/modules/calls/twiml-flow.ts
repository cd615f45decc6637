import { CALL_VOICES, DEFAULT_RECORDING_MESSAGE, type TCallSettings } from "@leadpost/shared";
import { twiml } from "../../integrations/twilio";

export { DEFAULT_RECORDING_MESSAGE };
export const VOICES = CALL_VOICES;

export const DEFAULT_VOICEMAIL_GREETING =
  "Sorry, no one is available to take your call. Please leave a message after the tone.";
/** What a caller hears when nobody answered and the company takes no voicemail. */
export const NOBODY_AVAILABLE = "Sorry, no one is available to take your call. Please try again later.";
export const NOT_IN_SERVICE = "The number you have called is not in service.";
/** Seconds a routing number rings before the next one (or voicemail). */
export const RING_SECONDS = 20;
/** The <Number> events reported to the status callback, so an answered call shows as answered at once. */
export const DIAL_EVENTS: ("initiated" | "ringing" | "answered" | "completed")[] = [
  "initiated",
  "ringing",
  "answered",
  "completed",
];

type TVoice = (typeof CALL_VOICES)[number];

export type TNumberSettings = {
  id: string;
  recordingEnabled: boolean;
  recordingMessage: string | null;
  voicemailGreeting: string | null;
  voicemailVoice: string;
  voicemailAudioUrl: string | null;
  transcribeVoicemail: boolean;
};
/** A number's settings with the company's call settings applied (docs/call-center.md "Call settings"). */
export type TFlowSettings = TNumberSettings & { voicemailEnabled: boolean };

export function withCompanySettings(number: TNumberSettings, company: TCallSettings): TFlowSettings {
  return {
    ...number,
    recordingEnabled: number.recordingEnabled || company.recordCalls,
    transcribeVoicemail:
      company.voicemailEnabled && (number.transcribeVoicemail || company.transcribeVoicemail),
    voicemailEnabled: company.voicemailEnabled,
  };
}

type TUrls = {
  /** Where Twilio reaches this server (locally stored greetings are served under it). */
  base: string;
  callback: (path: string, extra?: Record<string, string>) => string;
};

const voice = (name: string) => name as TVoice;

/** Voicemail: the greeting (uploaded audio, else spoken in the chosen voice), then a recording. */
export function voicemailTwiml(number: TNumberSettings, urls: TUrls): string {
  const audio = number.voicemailAudioUrl;
  return twiml.voiceResponse((r) => {
    if (audio) r.play({}, audio.startsWith("/") ? `${urls.base}${audio}` : audio);
    else
      r.say(
        { voice: voice(number.voicemailVoice) },
        twiml.spoken(number.voicemailGreeting || "") || DEFAULT_VOICEMAIL_GREETING,
      );
    r.record({
      maxLength: 120,
      playBeep: true,
      action: urls.callback("/api/twilio/voice/voicemail-done"),
      recordingStatusCallback: urls.callback("/api/twilio/recording", { kind: "voicemail" }),
      ...(number.transcribeVoicemail
        ? { transcribe: true, transcribeCallback: urls.callback("/api/twilio/transcription") }
        : {}),
    });
  });
}

/** Nobody answered: voicemail, or (the company takes none) a short apology and the end of the call. */
export function unansweredTwiml(number: TFlowSettings, urls: TUrls): string {
  if (number.voicemailEnabled) return voicemailTwiml(number, urls);
  return twiml.voiceResponse((r) => {
    r.say({ voice: voice(number.voicemailVoice) }, NOBODY_AVAILABLE);
    r.hangup();
  });
}

export const sayAndHangUp = (text: string) =>
  twiml.voiceResponse((r) => {
    r.say({}, twiml.spoken(text));
    r.hangup();
  });
export const rejectTwiml = () => twiml.voiceResponse((r) => r.reject());
export const hangUpTwiml = () => twiml.voiceResponse((r) => r.hangup());

/**
 * Rings `targets` from position `index`: all at once in one <Dial>, or one after another where the
 * <Dial> action comes back for the next (sequential and round-robin). Each <Number> reports its
 * progress (initiated, ringing, answered, completed) to the status callback.
 */
export function dialTwiml(
  number: TNumberSettings,
  urls: TUrls,
  opts: { targets: string[]; simultaneous: boolean; index: number; announce: boolean },
): string {
  const ring = opts.simultaneous ? opts.targets : [opts.targets[opts.index] ?? ""];
  const action = urls.callback("/api/twilio/voice/after-dial", {
    next: String(opts.simultaneous ? opts.targets.length : opts.index + 1),
  });
  const statusCallback = urls.callback("/api/twilio/status", { leg: "dial" });
  return twiml.voiceResponse((r) => {
    if (opts.announce && number.recordingEnabled)
      r.say({}, twiml.spoken(number.recordingMessage || "") || DEFAULT_RECORDING_MESSAGE);
    const dial = r.dial({
      action,
      timeout: RING_SECONDS,
      ...(number.recordingEnabled
        ? {
            record: "record-from-answer-dual" as const,
            recordingStatusCallback: urls.callback("/api/twilio/recording"),
          }
        : {}),
    });
    for (const target of ring) {
      dial.number({ statusCallback, statusCallbackMethod: "POST", statusCallbackEvent: DIAL_EVENTS }, target);
    }
  });
}
