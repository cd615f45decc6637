import type { TPhoneNumber } from "@leadpost/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { VoicemailAudio } from "./voicemail-audio";

const upload = vi.fn();
vi.mock("../../api", async (original) => ({
  ...(await original<typeof import("../../api")>()),
  uploadVoicemailAudio: (...args: unknown[]) => upload(...args),
}));
// The conversion needs the browser's audio decoding; its own test is wav.test.ts.
vi.mock("../../lib/wav", () => ({
  recordingToWav: async () => new Blob(["RIFF"], { type: "audio/wav" }),
}));

/** A microphone recorder that records nothing: stop() hands over one chunk, as the browser's does. */
class FakeRecorder {
  mimeType = "audio/webm";
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  start() {}
  stop() {
    this.ondataavailable?.({ data: new Blob(["chunk"]) });
    this.onstop?.();
  }
}

const number: TPhoneNumber = {
  id: "pn-1",
  phoneNumber: "+15558880001",
  description: null,
  type: "twilio",
  routingStrategy: "sequential",
  routeTo: [],
  routeToVoicemail: true,
  isActive: true,
  recordingEnabled: false,
  recordingMessage: null,
  voicemailGreeting: null,
  voicemailVoice: "alice",
  voicemailAudioUrl: null,
  transcribeVoicemail: false,
  routingNumberIds: [],
  createdAt: "2026-01-01T00:00:00.000Z",
};

beforeEach(() => {
  upload.mockReset().mockResolvedValue({ message: "Voicemail audio uploaded" });
  vi.stubGlobal("MediaRecorder", FakeRecorder);
  vi.stubGlobal("navigator", {
    ...navigator,
    mediaDevices: { getUserMedia: async () => ({ getTracks: () => [] }) },
  });
  // Only the clock the status reads and its ticks: Testing Library's own waits keep real timeouts.
  vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("recording a greeting in the browser", () => {
  it("shows and announces the time recorded, with the stop button focused, and uploads on Enter", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <VoicemailAudio number={number} canChange />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    // The live region is on the page before anything records, so its first words are announced.
    const status = screen.getByRole("status");
    expect(status).toBeEmptyDOMElement();

    screen.getByRole("button", { name: "Record in browser" }).focus();
    await user.keyboard("{Enter}");
    await vi.waitFor(() => expect(status).toHaveTextContent("Recording… 0:00"));
    // Started from the keyboard, the stop is where the focus already is.
    const stop = screen.getByRole("button", { name: "Stop and upload" });
    expect(stop).toHaveFocus();

    act(() => vi.advanceTimersByTime(3000));
    expect(status).toHaveTextContent("Recording… 0:03");
    act(() => vi.advanceTimersByTime(62_000));
    expect(status).toHaveTextContent("Recording… 1:05");
    // The ticking time is not read out every second; "Recording…" was, once.
    expect(status.querySelector('[aria-live="off"]')).toHaveTextContent("1:05");

    await user.keyboard("{Enter}");
    await vi.waitFor(() => expect(upload).toHaveBeenCalledWith("pn-1", expect.any(Blob), "greeting.wav"));
    expect(status).toBeEmptyDOMElement();
    expect(screen.getByRole("button", { name: "Record in browser" })).toBeInTheDocument();
  });
});
