/*
 * The accounts domain: registration, sign-in and sign-out, passwords, profile and e-mail, the session the web
 * reads, and the teacher's and the student's first screens. Other domains import this file only.
 */
export { accountsService } from './accounts-service';
export { accountsApi } from './api';
export { activeTeacherIdOfUser, teacherBySubdomain } from './teacher-lookup';
export { platformProfile } from './platform-profile';
