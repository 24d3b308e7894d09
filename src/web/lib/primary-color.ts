import { PRIMARY_COLOR_STORAGE_KEY } from '@shared/constants';
import { parsePrimaryColor } from '@shared/color';
import { readStorage, writeStorage } from './storage';

/** The CSS derives every primary shade from this one variable (see src/shared/palette.css). */
export function applyPrimaryColor(color: string = parsePrimaryColor(readStorage(PRIMARY_COLOR_STORAGE_KEY))) {
  document.documentElement.style.setProperty('--primary', parsePrimaryColor(color));
}

export function savePrimaryColor(color: string) {
  const valid = parsePrimaryColor(color);
  writeStorage(PRIMARY_COLOR_STORAGE_KEY, valid);
  applyPrimaryColor(valid);
}
