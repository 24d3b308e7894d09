import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '@server/core/db/client';
import { demoSeedSteps } from '@server/core/db/schema';

/** `npm run backup` of the embedded database: refused while Darsi has the folder open, then made, restored and opened. */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-backup-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Run beside the test, never blocking it: the open database keeps refreshing its folder lock meanwhile. */
function backup(dataDir: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, [path.resolve('scripts/backup.mjs'), ...args], { cwd: work, env: { ...env, DATA_DIR: dataDir } }, (error, out, err) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

describe('npm run backup (embedded database)', () => {
  it('refuses while Darsi runs on the folder, then makes a copy that restores and opens with every row', { timeout: 120_000 }, async () => {
    const dataDir = path.join(work, 'data');
    const running = await openPglite(dataDir);
    await running.migrate();
    await running.db.insert(demoSeedSteps).values({ name: 'written-before-the-backup' });

    const refused = await backup(dataDir);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Darsi is running on');
    await running.close();

    const file = path.join(work, 'copy.tar.gz');
    const made = await backup(dataDir, '--out', file);
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    expect(made.out).toMatch(/opened: \d+ migrations, 0 teachers/);

    const restoredDir = path.join(work, 'restored');
    expect((await backup(dataDir, '--restore', file)).code).toBe(1); // not into a folder in use
    const restored = await backup(restoredDir, '--restore', file);
    expect(restored.code, restored.err).toBe(0);
    const reopened = await openPglite(restoredDir);
    try {
      const rows = await reopened.db.select().from(demoSeedSteps).where(eq(demoSeedSteps.name, 'written-before-the-backup'));
      expect(rows).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  });
});
