// Waiting in tests. Poll for the condition a test needs rather than sleeping a guessed time: a guess is
// flaky on a loaded machine and slow on an idle one. `sleep` is for where time itself is the subject
// (a cache's lifetime, a provider's latency) or an outside process gives nothing to poll.

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once `condition` holds, checked every `intervalMs`; throws after `timeoutMs`, naming `what`. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  { what = 'the condition', timeoutMs = 10_000, intervalMs = 5 } = {},
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}
