/** The demo accounts every seed step and the start banner share (README, "Demo data"). */
export const DEMO_PASSWORD = 'darsi-demo-2026';
export const DEMO_ACCOUNTS = {
  teacher: 'teacher@darsi.test',
  student: 'student@darsi.test',
  admin: 'admin@darsi.test',
} as const;
export const DEMO_SUBDOMAIN = 'demo';
