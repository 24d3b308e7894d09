import { bindDeps } from '@server/core/bind';
import type { TAccountsDeps } from './deps';
import { changePassword, forgotPassword, passwordResetJob, resetPassword } from './passwords';
import { changeEmail, resendVerification, updateProfile } from './profile';
import { registerStudent, registerTeacher, subdomainAvailability } from './register';
import { login, logout, logoutEverywhere } from './sign-in';
import { requestUnlock, unlockAccount, unlockMailJob } from './unlock';

/** The accounts use cases, bound once to their dependencies. */
export function accountsService(deps: TAccountsDeps) {
  deps.jobs.define(passwordResetJob(deps));
  deps.jobs.define(unlockMailJob(deps));
  return bindDeps(deps, {
    subdomainAvailability,
    registerTeacher,
    registerStudent,
    login,
    logout,
    logoutEverywhere,
    forgotPassword,
    resetPassword,
    changePassword,
    updateProfile,
    changeEmail,
    resendVerification,
    requestUnlock,
    unlockAccount,
  });
}

export type TAccountsService = ReturnType<typeof accountsService>;
