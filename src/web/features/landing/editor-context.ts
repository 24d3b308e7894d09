import type { TLandingPageInput } from '@shared/schemas/landing';

/** What every part of the editor gets: the draft, a setter per field, and the field's error if any. */
export type TEditorProps = {
  draft: TLandingPageInput;
  set: <K extends keyof TLandingPageInput>(key: K, value: TLandingPageInput[K]) => void;
  /** The translated error for a path like "navbar_items.0.url", if the last check found one. */
  err: (path: string) => string | undefined;
};
