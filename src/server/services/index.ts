import type { Logger } from 'pino';
import { createAuth } from '../auth/auth';
import { resolveAuthSecret } from '../auth/secret';
import { guards } from '../auth/guards';
import type { TConfig } from '../config';
import type { Db } from '../db/client';
import { accountsService } from './accounts';
import { adminTeachersService } from './admin-teachers';
import { adminsService } from './admins';
import { landingService } from './landing';
import { createCoursesDomain } from './courses';
import { createMailer, type TMailer } from './mailer';
import { siteService } from './site';

export type TServicesDeps = { config: TConfig; db: Db; logger: Logger; mailer?: TMailer };

/** Builds every service once; routes and the demo seed share them. */
export function createServices({ config, db, logger, mailer = createMailer(config, logger) }: TServicesDeps) {
  const auth = createAuth({ config, db, mailer });
  const landing = landingService({ config, db, logger });
  return {
    config,
    db,
    auth,
    mailer,
    guards: guards(auth, db),
    accounts: accountsService({ db, auth, logger }),
    admins: adminsService({ db, auth, mailer, bootstrapToken: config.adminBootstrapToken }),
    landing,
    // Course cards on landing pages follow the courses at once (not after the 5-minute refresh).
    courses: createCoursesDomain({ config, db, onCoursesChanged: (teacherId) => landing.site.coursesChanged(teacherId) }),
    adminTeachers: adminTeachersService({ db, auth, config }),
    site: siteService({ db, mailer, secret: resolveAuthSecret(config), logger }),
  };
}

export type TServices = ReturnType<typeof createServices>;
