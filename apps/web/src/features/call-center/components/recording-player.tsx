import { Download, Pause, Play, RotateCcw, RotateCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { formatDuration } from "../lib/format";

/**
 * A call recording or voicemail: play/pause, skip 10 s either way, position polled every 100 ms
 * (002 §9), and a download as mp3. `url` is the product's own address for it (the server fetches it from
 * Twilio with the company's credentials); the download is named by the server.
 */
export function RecordingPlayer({ url, label }: { url: string; label: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [length, setLength] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setPosition(audio.current?.currentTime ?? 0), 100);
    return () => clearInterval(timer);
  }, [playing]);

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) {
      el.play().then(
        () => setPlaying(true),
        () => setFailed(true),
      );
    } else {
      el.pause();
      setPlaying(false);
    }
  };
  const skip = (seconds: number) => {
    const el = audio.current;
    if (!el) return;
    el.currentTime = Math.min(Math.max(0, el.currentTime + seconds), el.duration || el.currentTime + seconds);
    setPosition(el.currentTime);
  };

  return (
    <div className="flex items-center gap-1">
      {/* biome-ignore lint/a11y/useMediaCaption: phone recordings have no captions to offer */}
      <audio
        ref={audio}
        src={url}
        preload="none"
        onLoadedMetadata={(e) => setLength(e.currentTarget.duration)}
        onEnded={() => setPlaying(false)}
        onError={() => setFailed(true)}
      />
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Back 10 seconds in ${label}`}
        onClick={() => skip(-10)}
      >
        <RotateCcw aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={playing ? "Pause recording" : "Play recording"}
        onClick={toggle}
      >
        {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
      </Button>
      <Button variant="ghost" size="icon" aria-label="Forward 10 seconds" onClick={() => skip(10)}>
        <RotateCw aria-hidden="true" />
      </Button>
      <span className="whitespace-nowrap text-muted-foreground text-xs tabular-nums">
        {failed ? "Recording unavailable" : `${formatDuration(position)} / ${formatDuration(length)}`}
      </span>
      <Button variant="ghost" size="icon" asChild>
        <a href={`${url}?download=1`} download aria-label={`Download ${label} as mp3`}>
          <Download aria-hidden="true" />
        </a>
      </Button>
    </div>
  );
}
