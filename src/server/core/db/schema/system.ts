import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Demo data grows with each feature: each named step runs once per database, like a migration. */
export const demoSeedSteps = pgTable('demo_seed_steps', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Single-use token ids (core/single-use.ts, decision 139): a `jti` recorded the first time it is used, kept until
 * its token expires, so that a second use is refused on every instance. Rows past `expires_at` are swept.
 */
export const usedTokens = pgTable(
  'used_tokens',
  {
    jti: text('jti').primaryKey(),
    /** What kind of token: jitsi, unlock, … (for the logs and the sweep's figures). */
    scope: text('scope').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_tokens_expires_idx').on(t.expiresAt)],
);
