import pino from "pino";

export type TLogger = pino.Logger;

export function createLogger(level: string): TLogger {
  return pino({
    level,
    base: { service: "leadpost" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.token", "*.secret"],
      censor: "[redacted]",
    },
  });
}
