import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, enrollments, ledgerEntries, paymentOrders } from '@server/core/db/schema';
import type { TBrowser } from './browser';
import { publishedCourse, quickStudent, registerTeacher, upload, type TTeacher } from './courses-helpers';
import { createTestApp, type TTestApp } from './harness';

let t: TTestApp;
let a: TTeacher;
let b: TTeacher;
let course: { courseId: string; planIds: string[] };
let png: Buffer;

const DETAILS = {
  transferEnabled: true,
  ccpHolder: 'مريم بن علي',
  ccpNumber: '0012345678',
  ccpKey: '42',
  rip: '00799999001234567842',
  baridimobNumber: '0555 12 34 56',
};

beforeAll(async () => {
  t = await createTestApp();
  a = await registerTeacher(t);
  b = await registerTeacher(t);
  course = await publishedCourse(a, { plans: [{ type: 'monthly', priceDzd: 2500 }] });
  expect((await a.b.put('/api/payments/teacher/transfer-settings', DETAILS)).status).toBe(200);
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
});

async function newOrder(student: { b: TBrowser }, method = 'ccp') {
  const res = await student.b.post('/api/payments/student/transfer-orders', { courseId: course.courseId, planId: course.planIds[0], method });
  expect([200, 201]).toContain(res.status);
  return (await res.json()) as { id: string };
}

const send = (student: { b: TBrowser }, orderId: string, bytes: Uint8Array | string, type = 'image/png') =>
  upload(t, student.b, `/api/payments/student/receipts/${orderId}`, bytes, type, 'receipt.png');

async function pendingOf(teacher: TTeacher) {
  return (await teacher.b.json(await teacher.b.get('/api/payments/teacher/receipts'))).receipts as Array<{
    id: string;
    order: { id: string; reference: string };
  }>;
}

describe('transfer details', () => {
  it('checks CCP, key, RIP and the BaridiMob phone, and offers only complete methods', async () => {
    const bad = await a.b.put('/api/payments/teacher/transfer-settings', { ...DETAILS, ccpKey: '4', rip: '123', baridimobNumber: '12' });
    expect(bad.status).toBe(400);
    expect(Object.keys((await a.b.json(bad)).error.fields).sort()).toEqual(['baridimobNumber', 'ccpKey', 'rip']);
    const saved = await a.b.json(await a.b.get('/api/payments/teacher/transfer-settings'));
    expect(saved).toMatchObject({ ccpNumber: '0012345678', baridimobNumber: '+213555123456', methods: ['ccp', 'baridimob'] });
  });
});

describe('a transfer paid and approved', () => {
  it('gives the exact amount and a unique reference, takes the receipt, and enrolls once on approval', async () => {
    const s = await quickStudent(t, a);
    const options = await s.b.json(await s.b.get(`/api/payments/student/checkout/${course.courseId}`));
    expect(options).toMatchObject({ transfer: ['ccp', 'baridimob'], plans: [{ priceDzd: 2500 }] });
    const { id } = await newOrder(s);
    // Coming back to the same plan and method gives the same order, not a second reference.
    expect((await newOrder(s)).id).toBe(id);
    const order = await s.b.json(await s.b.get(`/api/payments/student/transfer-orders/${id}`));
    expect(order).toMatchObject({ amountDzd: 2500, status: 'pending', instructions: { holder: 'مريم بن علي', ccpNumber: '0012345678', ccpKey: '42' } });
    expect(order.reference).toMatch(/^DRS-[2-9A-Z]{8}$/);

    expect((await send(s, id, png)).status).toBe(201);
    expect((await s.b.json(await s.b.get(`/api/payments/student/transfer-orders/${id}`))).status).toBe('awaiting_review');
    expect((await send(s, id, png)).status).toBe(409);
    expect(await a.b.json(await a.b.get('/api/payments/teacher/receipts/count'))).toEqual({ pending: 1 });

    const [receipt] = await pendingOf(a);
    expect(receipt!.order.reference).toBe(order.reference);
    const file = await a.b.get(`/api/payments/teacher/receipts/${receipt!.id}/file`);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    const stored = Buffer.from(await file.arrayBuffer());
    expect((await sharp(stored).metadata()).format).toBe('webp');

    // A double click and a second tab: all answered, one enrollment, one ledger row.
    const answers = await Promise.all([0, 1, 2].map(() => a.b.post(`/api/payments/teacher/receipts/${receipt!.id}/approve`)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'ccp', kind: 'payment', amountDzd: 2500, confirmedBy: a.userId, sourceKey: `order:${id}` });
    const enrolled = await t.database.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.studentId, s.id), eq(enrollments.courseId, course.courseId)));
    expect(enrolled).toHaveLength(1);
    expect(enrolled[0]).toMatchObject({ status: 'active', source: 'payment', totalPaidDzd: 2500 });
    expect((await s.b.json(await s.b.get(`/api/payments/student/transfer-orders/${id}`))).status).toBe('paid');
    expect((await a.b.post(`/api/payments/teacher/receipts/${receipt!.id}/reject`, { reason: 'trop tard' })).status).toBe(409);

    // Both sides are told (the job queue's messages, run as the worker would).
    const jobs = (await t.services.jobs.boss.findJobs('payments.transfer-notice')) as unknown as Array<{
      data: { kind: 'received' | 'approved' | 'rejected'; receiptId: string };
    }>;
    expect(
      jobs
        .filter((j) => j.data.receiptId === receipt!.id)
        .map((j) => j.data.kind)
        .sort(),
    ).toEqual(['approved', 'received']);
  });
});

describe('a rejected receipt', () => {
  it('shows the reason to the student, who sends a new receipt that is then approved', async () => {
    const s = await quickStudent(t, a);
    const { id } = await newOrder(s, 'baridimob');
    await send(s, id, png);
    const [receipt] = (await pendingOf(a)).filter((r) => r.order.id === id);
    expect((await a.b.post(`/api/payments/teacher/receipts/${receipt!.id}/reject`, { reason: '' })).status).toBe(400);
    expect((await a.b.post(`/api/payments/teacher/receipts/${receipt!.id}/reject`, { reason: 'المبلغ غير صحيح' })).status).toBe(200);
    const order = await s.b.json(await s.b.get(`/api/payments/student/transfer-orders/${id}`));
    expect(order.status).toBe('rejected');
    expect(order.receipts[0]).toMatchObject({ status: 'rejected', rejectReason: 'المبلغ غير صحيح' });
    expect((await a.b.post(`/api/payments/teacher/receipts/${receipt!.id}/approve`)).status).toBe(409);

    expect((await send(s, id, png)).status).toBe(201);
    const [second] = (await pendingOf(a)).filter((r) => r.order.id === id);
    expect(second!.id).not.toBe(receipt!.id);
    expect((await a.b.post(`/api/payments/teacher/receipts/${second!.id}/approve`)).status).toBe(200);
    const [paid] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
    expect(paid).toMatchObject({ status: 'paid', method: 'baridimob' });
    // Both decisions are in the audit log, by the teacher who made them, once each.
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audited.map((e) => [e.action, e.actorUserId]).sort()).toEqual([
      ['payment.receipt_approved', a.userId],
      ['payment.receipt_rejected', a.userId],
    ]);
    expect(audited.find((e) => e.action === 'payment.receipt_rejected')?.details).toMatchObject({ reason: 'المبلغ غير صحيح' });
    // The student is told by e-mail, in their language, with the teacher's reason.
    await t.services.jobs.start();
    await vi.waitFor(() => expect(t.services.mailer.recent.filter((m) => m.to === s.email).map((m) => m.subject)).toHaveLength(2), {
      timeout: 20_000,
      interval: 200,
    });
    const [rejectedMail] = t.services.mailer.recent.filter((m) => m.to === s.email && m.text.includes('المبلغ غير صحيح'));
    expect(rejectedMail?.text).toContain(`/student/dashboard/orders/${id}`);
  });
});

describe('tenants', () => {
  it('keeps teacher B and student B away from A’s receipts and orders', async () => {
    const s = await quickStudent(t, a);
    const other = await quickStudent(t, a);
    const { id } = await newOrder(s);
    await send(s, id, png);
    const [receipt] = (await pendingOf(a)).filter((r) => r.order.id === id);
    expect(await pendingOf(b)).toEqual([]);
    expect((await b.b.get(`/api/payments/teacher/receipts/${receipt!.id}/file`)).status).toBe(404);
    expect((await b.b.post(`/api/payments/teacher/receipts/${receipt!.id}/approve`)).status).toBe(404);
    expect((await b.b.post(`/api/payments/teacher/receipts/${receipt!.id}/reject`, { reason: 'pas à moi' })).status).toBe(404);
    expect((await other.b.get(`/api/payments/student/transfer-orders/${id}`)).status).toBe(404);
    expect((await other.b.get(`/api/payments/student/receipts/${receipt!.id}/file`)).status).toBe(404);
    expect((await send(other, id, png)).status).toBe(404);
    expect((await s.b.get(`/api/payments/student/receipts/${receipt!.id}/file`)).status).toBe(200);
    // A method the teacher did not complete is refused.
    expect((await s.b.post('/api/payments/student/transfer-orders', { courseId: course.courseId, planId: course.planIds[0], method: 'bank' })).status).toBe(
      409,
    );
  });
});

describe('upload attacks', () => {
  it('refuses SVG, HTML, a fake PNG, GIF, active PDFs and oversize files, and serves a PDF only as a sandboxed download', async () => {
    const s = await quickStudent(t, a);
    const { id } = await newOrder(s);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
    const html = '<!doctype html><html><body><script>alert(1)</script></body></html>';
    const fakePng = Buffer.concat([png.subarray(0, 16), Buffer.from('<script>alert(1)</script>'.repeat(4))]);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;xxxxxxxxxx', 'latin1');
    const jsPdf = '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n';
    const htmlPdf = '%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n';
    for (const [bytes, type] of [
      [svg, 'image/svg+xml'],
      [html, 'image/png'],
      [fakePng, 'image/png'],
      [gif, 'image/gif'],
      [jsPdf, 'application/pdf'],
      [htmlPdf, 'application/pdf'],
    ] as const) {
      const res = await send(s, id, bytes, type);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('RECEIPT_INVALID');
    }
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x41);
    expect((await send(s, id, big)).status).toBe(413);
    expect((await s.b.json(await s.b.get(`/api/payments/student/transfer-orders/${id}`))).status).toBe('pending');

    const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
    expect((await send(s, id, pdf, 'application/pdf')).status).toBe(201);
    const [receipt] = (await pendingOf(a)).filter((r) => r.order.id === id);
    const file = await a.b.get(`/api/payments/teacher/receipts/${receipt!.id}/file`);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
