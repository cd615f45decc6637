/**
 * A service's way to queue a background job without holding the queue itself: the queue is created
 * after the services (server.ts) and attached here by the job registration; tests and scripts may run
 * without one, and then `send` answers false so the caller does the work in line.
 */
export type TJobSender = {
  attach(send: (name: string, data: object) => Promise<unknown>): void;
  /** Queues the job; false when no queue is attached. A failure to queue throws. */
  send(name: string, data: object): Promise<boolean>;
};

export function createJobSender(): TJobSender {
  let queue: ((name: string, data: object) => Promise<unknown>) | null = null;
  return {
    attach(send) {
      queue = send;
    },
    async send(name, data) {
      if (!queue) return false;
      await queue(name, data);
      return true;
    },
  };
}
