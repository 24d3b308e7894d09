import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TMailer } from '@server/core/mailer';
import type { TNotify } from '@server/core/notify-port';

export type TBillingDeps = {
  db: Db;
  clock: TClock;
  config: Pick<TConfig, 'publicHost' | 'publicHttps' | 'dataDir' | 'billing' | 'chargilyApiBase'>;
  mailer: TMailer;
  /** The notification centre (issue 26): renewal reminders and deletion warnings in the app too. */
  notify?: TNotify;
  /** Removes a teacher's stored files (lesson files, videos) before their rows go (data deletion job). */
  removeTeacherFiles: (teacherId: string, lessonIds: string[]) => Promise<void>;
};

/** The origin of the main site, where the teacher's dashboard and the webhook live. */
export function mainOrigin(config: TBillingDeps['config']): string {
  return `${config.publicHttps ? 'https' : 'http'}://${config.publicHost}`;
}

/** Card payment through Darsi's own Chargily account, when its key is set. */
export function cardKey(config: TBillingDeps['config']): { secretKey: string; mode: 'test' | 'live'; apiBase?: string } | null {
  const key = config.billing.chargilySecretKey;
  if (!key) return null;
  return { secretKey: key, mode: key.startsWith('live_') ? 'live' : 'test', ...(config.chargilyApiBase ? { apiBase: config.chargilyApiBase } : {}) };
}

/** Darsi's transfer details; null when none is set (transfer is then not offered). */
export function transferDetails(config: TBillingDeps['config']) {
  const t = config.billing.transfer;
  return t.ccpAccount || t.rip || t.baridimob
    ? { holder: t.holder ?? null, ccpAccount: t.ccpAccount ?? null, rip: t.rip ?? null, baridimob: t.baridimob ?? null }
    : null;
}
