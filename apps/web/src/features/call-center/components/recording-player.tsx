import { Download, Pause, Play, RotateCcw, RotateCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { formatDuration } from "../lib/format";

/**
 * A call recording or voicemail: play/pause, skip 10 s either way, position polled every 100 ms
 * (002 §9), and a download as mp3 (Twilio serves any recording as mp3 with that extension).
 */
export function RecordingPlayer({ url, name }: { url: string; name: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [length, setLength] = useState(0);
  const [failed, setFailed] = useState(false);
  const mp3 = /\.(mp3|wav)$/i.test(url) ? url : `${url}.mp3`;

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
        src={mp3}
        preload="none"
        onLoadedMetadata={(e) => setLength(e.currentTarget.duration)}
        onEnded={() => setPlaying(false)}
        onError={() => setFailed(true)}
      />
      <Button variant="ghost" size="icon" aria-label="Back 10 seconds" onClick={() => skip(-10)}>
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
        <a href={mp3} download={`${name}.mp3`} aria-label="Download recording as mp3">
          <Download aria-hidden="true" />
        </a>
      </Button>
    </div>
  );
}
