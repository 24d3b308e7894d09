import { ZLandingPageInput, type TLandingPageInput } from '@shared/schemas/landing';

/*
 * Spec §3 local overrides: unsaved edits are kept in this browser per page id, and merged over the
 * fetched page field by field, only where the stored value still has the expected shape (an old or
 * tampered draft cannot break the editor or reach the server unchecked).
 */
const key = (pageId: string) => `darsi.landing.draft.${pageId}`;

type TStored = { savedAt: string; fields: Record<string, unknown> };

/**
 * `stale`: the draft was made on a version older than the server's last save (another tab or device saved
 * since), so restoring it would undo that save; the editor says so instead of merging silently.
 */
export function readDraft(pageId: string, base: TLandingPageInput, serverUpdatedAt: string): { fields: TLandingPageInput; restored: boolean; stale: boolean } {
  let stored: TStored | null;
  try {
    stored = JSON.parse(localStorage.getItem(key(pageId)) ?? 'null') as TStored | null;
  } catch {
    stored = null;
  }
  if (!stored || typeof stored !== 'object' || !stored.fields || typeof stored.fields !== 'object') return { fields: base, restored: false, stale: false };
  const merged: Record<string, unknown> = { ...base };
  let restored = false;
  const shape = ZLandingPageInput.shape;
  for (const name of Object.keys(shape) as Array<keyof typeof shape>) {
    if (!(name in stored.fields)) continue;
    const parsed = shape[name].safeParse(stored.fields[name]);
    if (parsed.success && JSON.stringify(parsed.data) !== JSON.stringify(base[name])) {
      merged[name] = parsed.data;
      restored = true;
    }
  }
  const draftBase = typeof stored.savedAt === 'string' ? Date.parse(stored.savedAt) : Number.NaN;
  const stale = restored && (Number.isNaN(draftBase) || draftBase < Date.parse(serverUpdatedAt));
  return { fields: merged as TLandingPageInput, restored, stale };
}

export function writeDraft(pageId: string, savedAt: string, fields: TLandingPageInput) {
  try {
    localStorage.setItem(key(pageId), JSON.stringify({ savedAt, fields } satisfies TStored));
  } catch {
    // Storage full or refused: the draft simply is not kept; saving still works.
  }
}

export function clearDraft(pageId: string) {
  try {
    localStorage.removeItem(key(pageId));
  } catch {
    // nothing to clear
  }
}
