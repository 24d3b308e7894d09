/* No imports: the landing pages' small script uses this file too. */

/**
 * The public page a visitor last opened on a teacher's platform (landing page or a course's page), kept in a
 * host-only cookie by the pages' script and recorded on a free enrollment (decision 216).
 */
export const ENTRY_COOKIE = 'darsi_entry';
const ENTRY_PAGES = ['landing', 'course'] as const;
export type TEntryPage = (typeof ENTRY_PAGES)[number];
export const asEntryPage = (value: string | undefined): TEntryPage | null => ENTRY_PAGES.find((p) => p === value) ?? null;
