import type { TPhoneNumber } from "@leadpost/shared";
import { VOICEMAIL_AUDIO_RULES } from "@leadpost/shared/domain/calls";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Mic, Square, Trash2, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { presentApiError } from "@/lib/api-error-presenter";
import { toast } from "@/lib/toast";
import { callCenterKeys, deleteVoicemailAudio, uploadVoicemailAudio, VOICEMAIL_AUDIO_TYPES } from "../../api";
import { recordingToWav } from "../../lib/wav";
import { RecordingStatus } from "./recording-status";

/** 002 §5: the file checks, in the spec's words; null when the file may be uploaded. */
export function voicemailAudioProblem(file: { type: string; size: number }): string | null {
  if (!VOICEMAIL_AUDIO_TYPES.includes(file.type.split(";")[0] ?? "")) {
    return VOICEMAIL_AUDIO_RULES.INVALID_TYPE;
  }
  if (file.size >= VOICEMAIL_AUDIO_RULES.MAX_BYTES) return VOICEMAIL_AUDIO_RULES.TOO_LARGE;
  return null;
}

/** An uploaded or recorded greeting, played to callers instead of the spoken one. */
export function VoicemailAudio({ number, canChange }: { number: TPhoneNumber; canChange: boolean }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  /** When the current recording started (Date.now()), null while nothing records. */
  const [recordingSince, setRecordingSince] = useState<number | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: callCenterKeys.numbers });
  const upload = useMutation({
    mutationFn: ({ file, name }: { file: Blob; name: string }) => uploadVoicemailAudio(number.id, file, name),
    onSuccess: (result) => {
      toast.success(result.message);
      refresh();
    },
    onError: (err) => toast.error(`${VOICEMAIL_AUDIO_RULES.UPLOAD_FAILED}: ${presentApiError(err).message}`),
  });
  const remove = useMutation({
    mutationFn: () => deleteVoicemailAudio(number.id),
    onSuccess: (result) => {
      toast.success(result.message);
      refresh();
    },
    onError: (err) => toast.error(`Failed to delete audio: ${presentApiError(err).message}`),
  });
  const send = (file: Blob, name: string) => {
    const problem = voicemailAudioProblem(file);
    if (problem) toast.error(problem);
    else upload.mutate({ file, name });
  };
  const startRecording = async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const rec = new MediaRecorder(stream);
      const chunks: Blob[] = [];
      rec.ondataavailable = (e) => chunks.push(e.data);
      rec.onstop = async () => {
        for (const track of stream.getTracks()) track.stop();
        setRecordingSince(null);
        // Twilio plays WAV, not the browser's WebM or Ogg: converted here before the upload.
        try {
          send(await recordingToWav(new Blob(chunks, { type: rec.mimeType })), "greeting.wav");
        } catch {
          toast.error(`${VOICEMAIL_AUDIO_RULES.UPLOAD_FAILED}: the recording could not be converted to WAV.`);
        }
      };
      rec.start();
      recorder.current = rec;
      setRecordingSince(Date.now());
    } catch {
      toast.error("Failed to start recording. Please check microphone permissions.");
    }
  };
  return (
    <div className="mt-4 grid grid-cols-1 gap-2 border-t pt-4">
      <p className="font-medium text-sm">Audio greeting</p>
      {number.voicemailAudioUrl ? (
        <div className="flex flex-wrap items-center gap-2">
          {/* biome-ignore lint/a11y/useMediaCaption: a recorded greeting has no captions to offer */}
          <audio controls src={number.voicemailAudioUrl} className="h-9 max-w-full" />
          {canChange && (
            <Button variant="outline" size="sm" onClick={() => remove.mutate()} disabled={remove.isPending}>
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          )}
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">None: callers hear the greeting above, spoken.</p>
      )}
      {canChange && (
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept=".mp3,.wav,audio/mpeg,audio/wav"
            className="sr-only"
            aria-label={`Audio greeting file for ${number.phoneNumber}`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) send(file, file.name);
            }}
          />
          <Button
            variant="outline"
            size="sm"
            onClick={() => input.current?.click()}
            disabled={upload.isPending}
          >
            <Upload aria-hidden="true" />
            Upload audio
          </Button>
          {/* The same button in both states (React keeps the element), so a keyboard user's focus
              moves from Record to Stop without a step. */}
          {recordingSince !== null ? (
            <Button variant="destructive" size="sm" onClick={() => recorder.current?.stop()}>
              <Square aria-hidden="true" />
              Stop and upload
            </Button>
          ) : (
            <Button variant="outline" size="sm" onClick={startRecording} disabled={upload.isPending}>
              <Mic aria-hidden="true" />
              Record in browser
            </Button>
          )}
        </div>
      )}
      {canChange && <RecordingStatus startedAt={recordingSince} />}
    </div>
  );
}
