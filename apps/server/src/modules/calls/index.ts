// The call center on Twilio: inbound voice webhooks answered with TwiML, status, recording and
// transcription callbacks, and the company's numbers, agents, blocked callers, calls and voicemails.
export { sweepStaleCalls } from "./call-records";
export { companyTwilio } from "./credentials";
export { registerCallCenterRoutes } from "./routes";
export { isVoicemailAudioUpload } from "./voicemail-audio";
export { registerTwilioWebhooks } from "./webhook-routes";
export { twilioWebhookUrls } from "./webhook-urls";
