/**
 * The sandbox's one notion of "now". Every read of the current time in the sandbox (object
 * `created` stamps, `canceled_at`, the idempotency window, event retention, webhook signatures and
 * delivery records, ACH settlement in ach.ts) goes through here. It is the real clock unless a caller
 * sets another: the local stack sets its stack clock (lib/local/stack-clock.ts), so moving that clock
 * four days settles ACH debits without waiting four days; tests set a fixed or stepped one.
 */
// looked up on each call, so a test that mocks Date.now moves the sandbox too
const realClock = (): number => Date.now();
let current: () => number = realClock;

export const sandboxNowMs = (): number => current();

/** Makes `now` (milliseconds) the sandbox's clock; answers a function that puts the previous one back. */
export function setSandboxClock(now: () => number): () => void {
  const previous = current;
  current = now;
  return () => {
    current = previous;
  };
}

/** Back to the real clock. */
export const resetSandboxClock = (): void => {
  current = realClock;
};

/** Unix seconds, as Stripe writes `created` and every other timestamp. */
export const nowSeconds = (): number => Math.floor(sandboxNowMs() / 1000);
