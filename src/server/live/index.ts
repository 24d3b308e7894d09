import { bindDeps } from '@server/core/bind';
import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TJobQueue } from '@server/core/jobs/queue';
import type { TMailer } from '@server/core/mailer';
import type { TLiveDeps } from './deps';
import { addMembers, createGroup, deleteGroup, groupMembers, listGroups, pickableStudents, removeMember, renameGroup } from './groups';
import { joinPagePolicy } from './join-pages';
import { heartbeat, leave, studentJoin, studentSessionInfo, teacherJoin } from './join';
import { noticesJob, remindersJob, sendDueReminders, sendLateInvitations, sendNotices } from './notices';
import { kickJob, resolveKicker } from './kick';
import { resolveProvider } from './provider';
import { addRecording } from './recording';
import { attendanceList, listSessions, sessionDetail } from './session-views';
import { cancelSession, createSessions, updateSession } from './sessions';
import { upcomingForStudent } from './upcoming';

/*
 * The live sessions domain (issue 14): student groups, scheduled sessions with their invitations and
 * reminders, joining through the meeting service or the teacher's link, one device per student, attendance.
 * Other domains import this file only.
 */

export { liveApi } from './routes';

type TLiveDomainDeps = {
  db: Db;
  clock: TClock;
  config: TConfig;
  mailer: TMailer;
  jobs: TJobQueue;
  courseContent: TLiveDeps['courseContent'];
  notify?: TLiveDeps['notify'];
};

export function createLive({ db, clock, config, mailer, jobs, courseContent, notify }: TLiveDomainDeps) {
  let resolved: ReturnType<typeof resolveProvider> | null = null;
  let kicker: ReturnType<typeof resolveKicker> | null = null;
  const deps: TLiveDeps = {
    db,
    clock,
    config,
    mailer,
    jobs,
    courseContent,
    notify,
    provider: () => (resolved ??= resolveProvider(config.live)),
    kicker: () => (kicker ??= resolveKicker(config.live)),
  };
  jobs.define(noticesJob(deps));
  jobs.define(kickJob(deps));
  jobs.define(remindersJob(deps));
  return {
    providerStatus: async () => (await deps.provider()).status,
    joinPagePolicy: joinPagePolicy(deps.provider),
    groups: bindDeps(deps, { listGroups, createGroup, renameGroup, deleteGroup, groupMembers, addMembers, removeMember, pickableStudents }),
    sessions: bindDeps(deps, { createSessions, updateSession, cancelSession, listSessions, sessionDetail, attendanceList, addRecording }),
    joining: bindDeps(deps, { studentJoin, heartbeat, leave, teacherJoin, studentSessionInfo, upcomingForStudent }),
    notices: bindDeps(deps, { sendNotices, sendDueReminders, sendLateInvitations }),
  };
}

export type TLive = ReturnType<typeof createLive>;
