import type { TAuth } from '@server/auth';
import type { TActor } from '@server/core/audit';
import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TTx } from '@server/core/db/sql';
import type { TMailer } from '@server/core/mailer';

export type TStaffDeps = {
  db: Db;
  clock: TClock;
  auth: TAuth;
  config: Pick<TConfig, 'publicHost' | 'publicHttps'>;
  mailer: Pick<TMailer, 'send'>;
  /** The auth secret: invitation links are signed with a key derived from it (decision 139). */
  secret: string;
  /** The notifications domain's side of a removal: the member's notifications of that teacher go, in the removal's transaction. */
  notifications: { forgetRecipientOfTeacher: (teacherId: string, userId: string, tx: TTx) => Promise<unknown> };
};

/** Who changes the team (issue 28): the teacher, or a staff member with the owner role, recorded as themselves. */
export type TTeamActor = TActor & { role: 'teacher' | 'staff' };
