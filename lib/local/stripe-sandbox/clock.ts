/**
 * The sandbox's one notion of "now". Every read of the current time in the sandbox (object
 * `created` stamps, `canceled_at`, the idempotency window, event retention, webhook signatures and
 * delivery records) goes through here, so moving the sandbox's clock later is a change to this file
 * alone. Today it is the real clock.
 */
export const sandboxNowMs = (): number => Date.now();

/** Unix seconds, as Stripe writes `created` and every other timestamp. */
export const nowSeconds = (): number => Math.floor(sandboxNowMs() / 1000);
