import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, tz, updatedAt } from "./columns";
import { companies } from "./companies";
import { leads } from "./leads";

const companyId = () =>
  uuid()
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });

export const phoneNumbers = pgTable(
  "phone_numbers",
  {
    id: id(),
    companyId: companyId(),
    phoneNumber: text().notNull(),
    description: text(),
    type: text({ enum: ["twilio", "routing", "tracking"] }).notNull(),
    twilioSid: text(),
    routingStrategy: text({ enum: ["sequential", "round_robin", "simultaneous"] })
      .notNull()
      .default("sequential"),
    /** Ordered ids of routing numbers or agents this number rings. */
    routeTo: jsonb().$type<string[]>().notNull().default([]),
    routeToVoicemail: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    recordingEnabled: boolean().notNull().default(false),
    recordingMessage: text(),
    voicemailGreeting: text(),
    voicemailVoice: text().notNull().default("alice"),
    voicemailAudioUrl: text(),
    transcribeVoicemail: boolean().notNull().default(false),
    roundRobinCursor: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.companyId, t.phoneNumber), index().on(t.phoneNumber)],
);

export const routingNumbers = pgTable("routing_numbers", {
  id: id(),
  companyId: companyId(),
  label: text().notNull(),
  phoneNumber: text().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const twilioNumberRouting = pgTable(
  "twilio_number_routing",
  {
    companyId: companyId(),
    twilioNumberId: uuid()
      .notNull()
      .references(() => phoneNumbers.id, { onDelete: "cascade" }),
    routingNumberId: uuid()
      .notNull()
      .references(() => routingNumbers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.twilioNumberId, t.routingNumberId] })],
);

export const callCenterAgents = pgTable("call_center_agents", {
  id: id(),
  companyId: companyId(),
  name: text().notNull(),
  phoneNumber: text().notNull(),
  status: text({ enum: ["available", "busy", "offline"] })
    .notNull()
    .default("offline"),
  sequenceOrder: integer().notNull().default(1),
  callCount: integer().notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const blockedCalls = pgTable(
  "blocked_calls",
  {
    id: id(),
    companyId: companyId(),
    phoneNumber: text().notNull(),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.companyId, t.phoneNumber)],
);

export const callLogs = pgTable(
  "call_logs",
  {
    id: id(),
    companyId: companyId(),
    callSid: text().notNull().unique(),
    fromNumber: text(),
    toNumber: text(),
    phoneNumberId: uuid().references(() => phoneNumbers.id, { onDelete: "set null" }),
    agentId: uuid().references(() => callCenterAgents.id, { onDelete: "set null" }),
    direction: text({ enum: ["inbound", "outbound"] })
      .notNull()
      .default("inbound"),
    status: text().notNull(),
    /** Monotonic rank of status so out-of-order callbacks never move a call backwards. */
    statusRank: integer().notNull().default(0),
    duration: integer(),
    recordingUrl: text(),
    recordingSid: text(),
    trackingSource: text(),
    leadId: uuid().references(() => leads.id, { onDelete: "set null" }),
    /** answered, missed, voicemail or blocked; null while the call is live (docs/call-center.md). */
    outcome: text({ enum: ["answered", "missed", "voicemail", "blocked"] }),
    /** The last <Dial> outcome Twilio reported (DialCallStatus). */
    dialStatus: text(),
    /** The first answer to the voice webhook: a replay of it gets the same. */
    voiceTwiml: text(),
    /** Who this call rings, in order (after-dial steps follow it, whatever changes meanwhile). */
    dialTargets: jsonb().$type<{ phoneNumber: string; agentId: string | null }[]>(),
    /** A Test Call Center call: never in live data, history or analytics. */
    isTest: boolean().notNull().default(false),
    startedAt: tz(),
    endedAt: tz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.companyId, t.createdAt), index().on(t.companyId, t.status)],
);

/** Company-wide call settings (002 §3), the defaults of numbers that do not set their own. */
export const callSettings = pgTable("call_settings", {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  routingStrategy: text({ enum: ["sequential", "round_robin", "simultaneous"] })
    .notNull()
    .default("sequential"),
  recordCalls: boolean().notNull().default(false),
  voicemailEnabled: boolean().notNull().default(true),
  transcribeVoicemail: boolean().notNull().default(false),
  updatedAt: updatedAt(),
});

export const voicemails = pgTable(
  "voicemails",
  {
    id: id(),
    companyId: companyId(),
    callSid: text(),
    fromNumber: text(),
    recordingUrl: text(),
    recordingSid: text().unique(),
    transcription: text(),
    duration: integer(),
    isRead: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.companyId, t.createdAt)],
);

export const dniNumbers = pgTable(
  "dni_numbers",
  {
    id: id(),
    companyId: companyId(),
    /** E.164; one row per number and source. */
    phoneNumber: text().notNull(),
    staticNumber: text().notNull(),
    source: text({ enum: ["direct", "google", "facebook", "bing", "other"] }).notNull(),
    label: text(),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.companyId, t.phoneNumber, t.source)],
);

export const dniSessions = pgTable(
  "dni_sessions",
  {
    id: id(),
    companyId: companyId(),
    /** The number the page showed this visitor (its source's tracking number). */
    dniNumberId: uuid().references(() => dniNumbers.id, { onDelete: "set null" }),
    shownNumber: text(),
    source: text({ enum: ["direct", "google", "facebook", "bing", "other"] }),
    utmSource: text(),
    utmMedium: text(),
    utmCampaign: text(),
    utmTerm: text(),
    utmContent: text(),
    clickId: text(),
    referrer: text(),
    landingPage: text(),
    /**
     * The visit's own id, made by the script on its first page and kept in the visitor's cookie: a later
     * page that left before the first page's answer still names the same visit, and a resent start is
     * the same visit, not a second one.
     */
    visitKey: uuid(),
    createdAt: createdAt(),
    /** The visit's latest page view: it holds its number for a while after (see attribution.ts). */
    lastSeenAt: createdAt(),
  },
  (t) => [
    index().on(t.companyId, t.createdAt),
    index().on(t.companyId, t.shownNumber, t.createdAt),
    index().on(t.companyId, t.shownNumber, t.lastSeenAt),
    uniqueIndex().on(t.companyId, t.visitKey),
  ],
);

export const trackingNumbers = pgTable("tracking_numbers", {
  id: id(),
  companyId: companyId(),
  phoneNumberId: uuid().references(() => phoneNumbers.id, { onDelete: "cascade" }),
  source: text().notNull(),
  campaignId: text(),
  destinationNumber: text(),
  status: text({ enum: ["active", "inactive"] })
    .notNull()
    .default("active"),
  createdAt: createdAt(),
});

export const callTrackingLogs = pgTable(
  "call_tracking_logs",
  {
    id: id(),
    companyId: companyId(),
    trackingNumberId: uuid().references(() => trackingNumbers.id, { onDelete: "set null" }),
    /** The visit that showed the called number last before the call, when there was one. */
    dniSessionId: uuid().references(() => dniSessions.id, { onDelete: "set null" }),
    callSid: text(),
    callerNumber: text(),
    calledNumber: text(),
    status: text(),
    duration: integer(),
    visitorSource: text(),
    campaignId: text(),
    /** visit | latest_visit: how the call was tied to its visit (TRACKED_CALL_ATTRIBUTIONS). */
    attribution: text({ enum: ["visit", "latest_visit"] }),
    recordingSid: text(),
    recordingUrl: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.companyId, t.createdAt),
    uniqueIndex().on(t.companyId, t.callSid),
    index().on(t.companyId, t.callerNumber),
  ],
);
