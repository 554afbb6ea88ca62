// Racing a provider call against the clock: every payment path (stakes, deposits, cash-outs,
// reconciliation) waits this way, so it lives below them all rather than in the providers' interfaces.
/** `promise`'s value, or 'TIMEOUT' after `ms` (a rejection counts as a timeout: the outcome is unknown). */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'TIMEOUT'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'TIMEOUT'>((resolve) => {
    timer = setTimeout(() => resolve('TIMEOUT'), ms);
  });
  try {
    return await Promise.race([promise.catch(() => 'TIMEOUT' as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
