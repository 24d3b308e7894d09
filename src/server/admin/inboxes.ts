import { stringify } from 'csv-stringify/sync';
import { and, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TAdminInboxQuery, TInboxKind } from '@shared/schemas/admin';
import type { Db } from '@server/core/db/client';
import { contactMessages, feedbackSubmissions, newsletterSubscribers } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TActor } from '@server/core/audit';
import { likePattern, pageOf, type TPage } from './lists';
import { audit } from '@server/core/audit';

/** An export holds at most this many rows; the newest come first. */
const EXPORT_LIMIT = 50_000;

type TInbox = {
  table: PgTable;
  id: PgColumn;
  handledAt: PgColumn;
  handledBy: PgColumn;
  createdAt: PgColumn;
  /** What the list and the CSV show, in column order. */
  columns: Record<string, PgColumn>;
  searched: PgColumn[];
};

const INBOXES: Record<TInboxKind, TInbox> = {
  contact: {
    table: contactMessages,
    id: contactMessages.id,
    handledAt: contactMessages.handledAt,
    handledBy: contactMessages.handledBy,
    createdAt: contactMessages.createdAt,
    columns: {
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      subject: contactMessages.subject,
      message: contactMessages.message,
      language: contactMessages.language,
    },
    searched: [contactMessages.name, contactMessages.email, contactMessages.phone, contactMessages.subject, contactMessages.message],
  },
  feedback: {
    table: feedbackSubmissions,
    id: feedbackSubmissions.id,
    handledAt: feedbackSubmissions.handledAt,
    handledBy: feedbackSubmissions.handledBy,
    createdAt: feedbackSubmissions.createdAt,
    columns: {
      category: feedbackSubmissions.category,
      title: feedbackSubmissions.title,
      text: feedbackSubmissions.text,
      email: feedbackSubmissions.email,
      language: feedbackSubmissions.language,
    },
    searched: [feedbackSubmissions.title, feedbackSubmissions.text, feedbackSubmissions.email, feedbackSubmissions.category],
  },
  newsletter: {
    table: newsletterSubscribers,
    id: newsletterSubscribers.id,
    handledAt: newsletterSubscribers.handledAt,
    handledBy: newsletterSubscribers.handledBy,
    createdAt: newsletterSubscribers.createdAt,
    columns: {
      email: newsletterSubscribers.email,
      language: newsletterSubscribers.language,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
    },
    searched: [newsletterSubscribers.email],
  },
};

function filtersOf(inbox: TInbox, query: Pick<TAdminInboxQuery, 'q' | 'state'>): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(...inbox.searched.map((column) => sql`${column} ilike ${pattern}`)));
  }
  if (query.state === 'handled') conditions.push(isNotNull(inbox.handledAt));
  if (query.state === 'unhandled') conditions.push(isNull(inbox.handledAt));
  return and(...conditions);
}

function selection(inbox: TInbox) {
  return { id: inbox.id, ...inbox.columns, handledAt: inbox.handledAt, createdAt: inbox.createdAt };
}

type TInboxRow = Record<string, string | Date | null>;

/** A cell as text: dates in ISO 8601 (UTC), nothing as an empty cell. */
function cell(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return value == null ? '' : String(value);
}

/**
 * CSV for a spreadsheet. `escape_formulas` prefixes a quote to any cell starting with = + - @, a tab or a
 * carriage return (and their full-width forms), so a message like `=HYPERLINK(…)` stays text when opened
 * (CSV formula injection). A byte-order mark makes Excel read the Arabic as UTF-8.
 */
export function toCsv(header: string[], rows: string[][]): string {
  return `\uFEFF${stringify([header, ...rows], { escape_formulas: true, record_delimiter: 'windows' })}`;
}

/** Darsi's own inboxes from the public site: contact messages, roadmap feedback, newsletter subscribers. */
export const adminInboxes = {
  async list(db: Db, kind: TInboxKind, query: TAdminInboxQuery): Promise<TPage<TInboxRow> & { unhandled: number }> {
    const inbox = INBOXES[kind];
    const where = filtersOf(inbox, query);
    const page = await pageOf(
      db,
      { table: inbox.table, where, page: query.page, pageSize: query.pageSize },
      async (limit, offset) =>
        (await db
          .select(selection(inbox))
          .from(inbox.table)
          .where(where)
          .orderBy(desc(inbox.createdAt), desc(inbox.id))
          .limit(limit)
          .offset(offset)) as TInboxRow[],
    );
    const [unhandled] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(inbox.table)
      .where(isNull(inbox.handledAt));
    return { ...page, unhandled: unhandled?.n ?? 0 };
  },

  async setHandled(db: Db, kind: TInboxKind, id: string, handled: boolean, actor: TActor) {
    const inbox = INBOXES[kind];
    const [row] = await db
      .update(inbox.table)
      // The three inbox tables share these two columns; the generic table type cannot say so.
      .set({ handledAt: handled ? sql`now()` : null, handledBy: handled ? actor.userId : null } as never)
      .where(eq(inbox.id, id))
      .returning({ handledAt: inbox.handledAt });
    if (!row) throw new AppError('NOT_FOUND');
    return { handled, handledAt: row.handledAt as Date | null };
  },

  /** Every matching row as CSV (newest first); the export itself is audited, since it carries personal data. */
  async exportCsv(db: Db, kind: TInboxKind, query: Pick<TAdminInboxQuery, 'q' | 'state'>, actor: TActor) {
    const inbox = INBOXES[kind];
    const rows = (await db
      .select(selection(inbox))
      .from(inbox.table)
      .where(filtersOf(inbox, query))
      .orderBy(desc(inbox.createdAt), desc(inbox.id))
      .limit(EXPORT_LIMIT)) as TInboxRow[];
    const header = ['id', ...Object.keys(inbox.columns), 'handledAt', 'createdAt'];
    const csv = toCsv(
      header,
      rows.map((row) => header.map((key) => cell(row[key]))),
    );
    await audit(db, {
      actorUserId: actor.userId,
      actorRole: 'admin',
      action: 'inbox.exported',
      targetType: 'inbox',
      targetId: kind,
      details: { rows: rows.length, q: query.q ?? null, state: query.state ?? 'all' },
      ip: actor.ip,
    });
    return csv;
  },
};
