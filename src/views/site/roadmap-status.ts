/**
 * Where each feature of the roadmap stands: the one source for the roadmap page and for the "coming
 * soon" marks on the marketing pages (site.json items name a feature with `"soon": "<id>"`). When a
 * feature lands, changing its status here updates every page that mentions it.
 */
export type TFeatureStatus = 'completed' | 'inProgress' | 'upcoming' | 'planned';

export const FEATURE_STATUS = {
  accounts: 'completed',
  languages: 'completed',
  mobileApps: 'planned',
  courses: 'inProgress',
  activationCodes: 'inProgress',
  protectedVideo: 'completed',
  exams: 'planned',
  subscriptions: 'inProgress',
  liveSessions: 'completed',
  expiryReminders: 'planned',
  messages: 'planned',
  landingEditor: 'inProgress',
  onlinePayments: 'inProgress',
  multiCurrency: 'planned',
  reports: 'planned',
  assistants: 'planned',
  customApi: 'planned',
} as const satisfies Record<string, TFeatureStatus>;

type TFeatureId = keyof typeof FEATURE_STATUS;

export function featureStatus(id: string): TFeatureStatus | undefined {
  return Object.hasOwn(FEATURE_STATUS, id) ? FEATURE_STATUS[id as TFeatureId] : undefined;
}

/** Not usable today: the roadmap has it as upcoming or planned. */
export function isComingSoon(id: string | undefined): boolean {
  const status = id ? featureStatus(id) : undefined;
  return status === 'upcoming' || status === 'planned';
}

/**
 * A milestone's status follows the calendar: a month before the current one is done, the current one
 * is current, a later one is upcoming. `when` is YYYY-MM (or YYYY: the whole year), `today` YYYY-MM-DD.
 */
export function milestoneStatus(when: string, today: string): 'completed' | 'current' | 'upcoming' {
  const month = today.slice(0, when.length);
  if (when < month) return 'completed';
  return when === month ? 'current' : 'upcoming';
}
