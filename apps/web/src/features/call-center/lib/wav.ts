// "Record in browser" gives WebM or Ogg (MediaRecorder), which Twilio's <Play> cannot play: the
// recording is decoded by the browser and written as WAV (16-bit PCM, mono) before it is uploaded.

/** 16 kHz is more than a phone line carries (8 kHz) and keeps two and a half minutes under 5 MB. */
export const GREETING_SAMPLE_RATE = 16_000;

/** A WAV file (RIFF, PCM format 1, 16-bit, mono) of samples in [-1, 1] (outside is clipped). */
export function encodeWav(samples: Float32Array, sampleRate: number): Blob {
  const dataBytes = samples.length * 2;
  const view = new DataView(new ArrayBuffer(44 + dataBytes));
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i));
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  text(36, "data");
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(44 + i * 2, s < 0 ? s * 0x8000 : s * 0x7fff, true);
  }
  return new Blob([view.buffer], { type: "audio/wav" });
}

/** A browser recording (any format the browser decodes) as a mono 16 kHz WAV file. */
export async function recordingToWav(recording: Blob): Promise<Blob> {
  const decoder = new AudioContext();
  try {
    const decoded = await decoder.decodeAudioData(await recording.arrayBuffer());
    const frames = Math.max(1, Math.ceil(decoded.duration * GREETING_SAMPLE_RATE));
    // Rendering through an offline context mixes the channels down and resamples in one step.
    const offline = new OfflineAudioContext(1, frames, GREETING_SAMPLE_RATE);
    const source = offline.createBufferSource();
    source.buffer = decoded;
    source.connect(offline.destination);
    source.start();
    const rendered = await offline.startRendering();
    return encodeWav(rendered.getChannelData(0), GREETING_SAMPLE_RATE);
  } finally {
    await decoder.close();
  }
}
