import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Demo data grows with each feature: each named step runs once per database, like a migration. */
export const demoSeedSteps = pgTable('demo_seed_steps', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
