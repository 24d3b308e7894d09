/*
 * The roadmap page's calendar rule. Each feature's status lives in @shared/features (decision 120): the
 * one list for the roadmap and for every "coming soon" mark.
 */

/**
 * A milestone's status follows the calendar: a month before the current one is done, the current one
 * is current, a later one is upcoming. `when` is YYYY-MM (or YYYY: the whole year), `today` YYYY-MM-DD.
 */
export function milestoneStatus(when: string, today: string): 'completed' | 'current' | 'upcoming' {
  const month = today.slice(0, when.length);
  if (when < month) return 'completed';
  return when === month ? 'current' : 'upcoming';
}
