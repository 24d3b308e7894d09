import { useTranslation } from 'react-i18next';
import { FEATURE_ICONS } from '@shared/schemas/landing';

/** A textarea's value as a list: one item per non-empty line. */
export const lines = (value: string) =>
  value
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The icons a feature may show, named in the reader's language. */
export function useIconOptions() {
  const { t } = useTranslation('landing');
  return FEATURE_ICONS.map((icon) => ({ value: icon, label: t(`editor.icons.${icon}`) }));
}
