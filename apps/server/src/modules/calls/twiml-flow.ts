import { CALL_VOICES, DEFAULT_RECORDING_MESSAGE } from "@leadpost/shared";
import { twiml } from "../../integrations/twilio";

export { DEFAULT_RECORDING_MESSAGE };
export const VOICES = CALL_VOICES;

export const DEFAULT_VOICEMAIL_GREETING =
  "Sorry, no one is available to take your call. Please leave a message after the tone.";
/** Seconds a routing number rings before the next one (or voicemail). */
export const RING_SECONDS = 20;

export type TNumberSettings = {
  id: string;
  recordingEnabled: boolean;
  recordingMessage: string | null;
  voicemailGreeting: string | null;
  voicemailVoice: string;
  voicemailAudioUrl: string | null;
  transcribeVoicemail: boolean;
};

type TUrls = {
  /** Where Twilio reaches this server (locally stored greetings are served under it). */
  base: string;
  callback: (path: string, extra?: Record<string, string>) => string;
};

/** Voicemail: the greeting (uploaded audio, else spoken in the chosen voice), then a recording. */
export function voicemailTwiml(number: TNumberSettings, urls: TUrls): string {
  const audio = number.voicemailAudioUrl;
  const greeting = audio
    ? twiml.play(audio.startsWith("/") ? `${urls.base}${audio}` : audio)
    : twiml.say(number.voicemailGreeting || DEFAULT_VOICEMAIL_GREETING, number.voicemailVoice);
  return twiml.twimlResponse(
    greeting,
    twiml.record({
      maxLength: 120,
      playBeep: true,
      action: urls.callback("/api/twilio/voice/voicemail-done"),
      recordingStatusCallback: urls.callback("/api/twilio/recording", { kind: "voicemail" }),
      transcribe: number.transcribeVoicemail,
      transcribeCallback: number.transcribeVoicemail ? urls.callback("/api/twilio/transcription") : undefined,
    }),
  );
}

/**
 * Rings `targets` from position `index`: all at once in one <Dial>, or one after another where the
 * <Dial> action comes back for the next (sequential and round-robin).
 */
export function dialTwiml(
  number: TNumberSettings,
  urls: TUrls,
  opts: { targets: string[]; simultaneous: boolean; index: number; offset: number; announce: boolean },
): string {
  const recording = number.recordingEnabled
    ? { record: "record-from-answer-dual", recordingStatusCallback: urls.callback("/api/twilio/recording") }
    : {};
  const ring = opts.simultaneous ? opts.targets : [opts.targets[opts.index] ?? ""];
  const action = urls.callback("/api/twilio/voice/after-dial", {
    next: String(opts.simultaneous ? opts.targets.length : opts.index + 1),
    offset: String(opts.offset),
  });
  return twiml.twimlResponse(
    opts.announce && number.recordingEnabled
      ? twiml.say(number.recordingMessage || DEFAULT_RECORDING_MESSAGE)
      : "",
    twiml.dialNumbers({ action, timeout: RING_SECONDS, ...recording }, ring),
  );
}
