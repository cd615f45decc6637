export { type TTwilioRest, twilioRest, twilioRestStatus } from "./official-client";
export { fetchRecordingMedia } from "./recording-media";
export {
  createTwilioClient,
  type TTwilioCall,
  type TTwilioClient,
  type TTwilioCredentials,
  TwilioError,
} from "./rest-client";
export {
  isSignedTwilioWebhook,
  isValidTwilioSignature,
  type TTwilioSigner,
  type TTwilioWebhookRequest,
  twilioSignature,
} from "./signature";
export * as twiml from "./twiml";
