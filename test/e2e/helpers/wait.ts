/** Bounded waiting for e2e tests: poll a condition until it holds or the deadline passes (no fixed sleeps). */
export async function waitUntil<T>(check: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  // Bounded by the deadline; the short pause yields to the event loop between checks.
  while (Date.now() <= deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (e) {
      lastError = e;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const why = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${why}`);
}
