import lockfile from 'proper-lockfile';
import { StartupError } from '../config';

/*
 * The embedded database is one process's: two Darsi processes on one data folder both answer as healthy, and
 * what one of them acknowledged is lost when the other writes its copy back (issue 16). The folder is locked
 * for as long as a process has it open. The lock is refreshed every few seconds; one whose process was
 * killed is taken over once it is stale, so a restart after a crash waits for that, never for a person.
 */
const STALE_MS = 12_000;
const UPDATE_MS = 5_000;
// Long enough for a process that is shutting down gracefully (10 s, main.ts) or a stale lock to let go.
const WAIT_MS = STALE_MS + 4_000;

export async function lockDataDir(dataDir: string, warn: (message: string) => void = console.warn): Promise<() => Promise<void>> {
  const options = {
    stale: STALE_MS,
    update: UPDATE_MS,
    realpath: false,
    lockfilePath: `${dataDir}/.darsi.lock`,
    // A refresh that comes late (a busy event loop) is not worth a crash: say so and carry on.
    onCompromised: (error: Error) => warn(`the lock on ${dataDir} could not be refreshed: ${error.message}`),
  };
  try {
    return await lockfile.lock(dataDir, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
  }
  warn(`the data folder ${dataDir} is in use by another Darsi process; waiting up to ${WAIT_MS / 1000} s for it to stop`);
  try {
    return await lockfile.lock(dataDir, { ...options, retries: { retries: WAIT_MS / 1000, factor: 1, minTimeout: 1000, maxTimeout: 1000 } });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new StartupError(`the data folder ${dataDir} is in use by another Darsi process (stop it, or set DATA_DIR to another folder)`);
  }
}
