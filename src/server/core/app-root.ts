import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The installation's folder, found from this module's own location rather than the working directory,
 * so `node /srv/darsi/dist/server/main.mjs` works from anywhere. The code runs from src/server (tests)
 * or bundled into {BUILD_DIR}/server/main.mjs, at different depths: walk up to the package.json.
 */
function findAppRoot(): string {
  const start = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(start, '../..');
  }
}

export const APP_ROOT = findAppRoot();

/** A file shipped with Darsi (migrations, translations, help content, fonts), wherever it was started from. */
export function appPath(...segments: string[]): string {
  return path.join(APP_ROOT, ...segments);
}
