import type { Logger } from 'pino';
import { bindDeps } from '@server/core/bind';
import type { TCacheBus } from '@server/core/cache-bus';
import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TJobQueue } from '@server/core/jobs/queue';
import type { TMailer } from '@server/core/mailer';
import type { TNotify } from '@server/core/notify-port';
import { listNotifications, markAllRead, markRead, unreadCount } from './centre';
import type { TNotificationsDeps, TPushOptions } from './deps';
import { emailBatchJob, sendNotificationEmails } from './email';
import { forgetRecipientOfTeacher } from './forget';
import { createLiveHub } from './live-hub';
import { noticeMailer } from './notice-mailer';
import { notify, notifySafely } from './notify';
import { listPreferences, savePreference } from './preferences';
import { pushBatchJob, sendNotificationPushes } from './push';
import { pushStatus, subscribeDevice, unsubscribeDevice } from './push-devices';
import { derivePushSealKey, resolvePushSecret } from './push-keys';
import { digestJob, endingJob, sendDigests, sendEndingNotices } from './scheduled';
import { unsubscribe, unsubscribePage } from './unsubscribe';

/*
 * The notification centre (issue 26): one list per person, live through server-sent events fanned out over the
 * LISTEN/NOTIFY bus, e-mails through the job queue (never twice), preferences per kind, digests, unsubscribe
 * links. Other domains reach it through `notify` (core/notify-port.ts), wired in services.ts.
 */
export { notificationsApi } from './routes';

type TDomainDeps = {
  db: Db;
  clock: TClock;
  jobs: TJobQueue;
  mailer: TMailer;
  config: TConfig;
  secret: string;
  logger: Logger;
  bus?: TCacheBus;
  push?: TNotificationsPush;
};

export type TNotificationsPush = Omit<TPushOptions, 'subject'>;

/** VAPID's contact for the push services: Darsi's sender address (MAIL_FROM). */
function vapidSubject(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${/^[^\s@]+@[^\s@]+$/.test(address) ? address : 'no-reply@darsi.local'}`;
}

export function createNotifications({ bus, push = {}, ...rest }: TDomainDeps) {
  const deps: TNotificationsDeps = {
    ...rest,
    hub: createLiveHub(bus),
    push: { ...push, subject: vapidSubject(rest.config.mailFrom) },
    pushSealKey: derivePushSealKey(resolvePushSecret(rest.config)),
  };
  rest.jobs.define(emailBatchJob(deps));
  rest.jobs.define(pushBatchJob(deps));
  rest.jobs.define(endingJob(deps));
  rest.jobs.define(digestJob(deps));
  const notifyPort: TNotify = (event) => notifySafely(deps, event);
  return {
    hub: deps.hub,
    /** For other domains (through services.ts): never throws. */
    notify: notifyPort,
    /** The mailer for domains that write their own notice e-mails: preferences and unsubscribe links apply (decision 181). */
    mailer: noticeMailer(deps, rest.mailer),
    centre: bindDeps(deps, { listNotifications, unreadCount, markRead, markAllRead }),
    /** For the staff domain (through services.ts): a removed member's notifications of that teacher go. */
    team: bindDeps(deps, { forgetRecipientOfTeacher }),
    preferences: bindDeps(deps, { listPreferences, savePreference }),
    push: bindDeps(deps, { pushStatus, subscribeDevice, unsubscribeDevice }),
    jobs: bindDeps(deps, { notify, sendNotificationEmails, sendNotificationPushes, sendEndingNotices, sendDigests }),
    unsubscribePage: (input: Parameters<typeof unsubscribePage>[1]) => unsubscribePage(deps, input),
    unsubscribe: (input: Parameters<typeof unsubscribe>[1]) => unsubscribe(deps, input),
  };
}

export type TNotifications = ReturnType<typeof createNotifications>;
