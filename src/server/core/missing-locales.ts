import fs from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { LANGUAGES, NAMESPACES } from '@shared/i18n';
import type { TConfig } from './config';
import type { TAppEnv } from './env';
import { AppError } from './errors';
import { sameOriginOnly } from './request-context';
import { validate } from './validate';

const ZMissingKeyParams = z.object({ lng: z.enum(LANGUAGES), ns: z.enum(NAMESPACES) });
const ZMissingKeys = z.record(z.string().max(300), z.string().max(2_000));
/** One i18next report carries a handful of keys; nothing legitimate comes close. */
const MISSING_KEYS_BODY_LIMIT = 64 * 1024;

/**
 * Development only, and only when SAVE_MISSING_TRANSLATIONS=true (the Vite dev server proxies here): i18next
 * reports keys it could not find. They are collected in {DATA_DIR}/missing-locales for a developer to
 * translate; the shipped files stay untouched so the missing-key test still fails. It writes to disk, so it
 * gets the API's protections: a body limit, same-origin posts only, known languages and namespaces only.
 */
export function localeRoutes(config: TConfig) {
  const outDir = path.join(config.dataDir, 'missing-locales');
  return new Hono<TAppEnv>().post(
    '/add/:lng/:ns',
    sameOriginOnly(config),
    bodyLimit({
      maxSize: MISSING_KEYS_BODY_LIMIT,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE');
      },
    }),
    validate('param', ZMissingKeyParams),
    validate('json', ZMissingKeys),
    async (c) => {
      const { lng, ns } = c.req.valid('param');
      const file = path.join(outDir, lng, `${ns}.json`);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const existing = await fs.readFile(file, 'utf8').then(JSON.parse, () => ({}));
      await fs.writeFile(file, JSON.stringify({ ...existing, ...c.req.valid('json') }, null, 2));
      return c.json({ saved: true });
    },
  );
}
