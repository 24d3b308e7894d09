/**
 * A notice that must go out at most once, across instances and job retries: a row claims it (an insert that
 * does nothing when the key exists), and a send that fails gives the claim back so that the retry may try again.
 * Returns whether this call sent it.
 */
export async function sendOnce(claim: () => Promise<unknown[]>, release: () => Promise<unknown>, send: () => Promise<void>): Promise<boolean> {
  if ((await claim()).length === 0) return false;
  try {
    await send();
  } catch (error) {
    await release();
    throw error;
  }
  return true;
}
