import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { coursePlans, courses, students, teachers, teacherStudents, user } from '@server/core/db/schema';
import type { TSeedStep } from './index';
import { DEMO_ACCOUNTS } from './demo-accounts';

const COURSE_TITLE = 'الرياضيات — الدوال الأسية واللوغاريتمية';

/** A BaridiMob-style confirmation screenshot, drawn as SVG and sent as PNG like a student's phone would. */
async function receiptImage(amount: number, reference: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="480">
    <rect width="360" height="480" fill="#f5f7fb"/><rect width="360" height="70" fill="#f6b400"/>
    <text x="180" y="45" font-size="24" font-family="sans-serif" text-anchor="middle" fill="#1d2b53">BaridiMob</text>
    <text x="180" y="150" font-size="20" font-family="sans-serif" text-anchor="middle" fill="#1f8a4c">Virement effectué</text>
    <text x="180" y="210" font-size="30" font-family="sans-serif" text-anchor="middle" fill="#111">${amount.toLocaleString('fr-FR')} DA</text>
    <text x="30" y="280" font-size="15" font-family="sans-serif" fill="#333">Bénéficiaire : AHMED BENALI</text>
    <text x="30" y="310" font-size="15" font-family="sans-serif" fill="#333">RIP : 00799999001234567842</text>
    <text x="30" y="340" font-size="15" font-family="sans-serif" fill="#333">Motif : ${reference}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A demo student of the demo platform who cannot sign in (no password): only their name shows in the inbox. */
async function demoBuyer(db: Parameters<TSeedStep['run']>[0]['db'], teacherId: string, name: string) {
  const id = randomUUID();
  await db.insert(user).values({ id, name, email: `buyer-${id.slice(0, 8)}@darsi.test`, emailVerified: true, role: 'student' });
  await db.insert(students).values({ id, name, teacherId });
  await db.insert(teacherStudents).values({ teacherId, studentId: id });
  return id;
}

/**
 * Transfers (issue 13): the demo teacher takes CCP and BaridiMob payments; one receipt (the demo student's) waits
 * in the inbox and one was approved (its student enrolled, its row in the ledger).
 */
export const TRANSFER_SEED_STEPS: TSeedStep[] = [
  {
    name: 'transfers',
    run: async (services) => {
      const { db, transfers } = services;
      const [teacher] = await db.select().from(teachers).where(eq(teachers.subdomain, 'demo'));
      if (!teacher) return;
      const [course] = await db
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.teacherId, teacher.id), eq(courses.title, COURSE_TITLE)));
      if (!course) return;
      await transfers.saveTransferSettings(teacher.id, {
        transferEnabled: true,
        ccpHolder: 'أحمد بن علي',
        ccpNumber: '0012345678',
        ccpKey: '42',
        rip: '00799999001234567842',
        baridimobNumber: '+213555123456',
        bankName: null,
        bankHolder: null,
        bankAccount: null,
      });
      const plans = await db.select().from(coursePlans).where(eq(coursePlans.courseId, course.id));
      const monthly = plans.find((p) => p.type === 'monthly');
      const quarterly = plans.find((p) => p.type === 'quarterly') ?? monthly;
      if (!monthly || !quarterly) return;
      const where = { hostSubdomain: null };
      const buy = async (name: string, planId: string, method: 'ccp' | 'baridimob', buyer?: string) => {
        const studentId = buyer ?? (await demoBuyer(db, teacher.id, name));
        const { id } = await transfers.createTransferOrder(studentId, { courseId: course.id, planId, method }, where);
        const order = await transfers.studentOrder(studentId, id);
        return transfers.uploadReceipt(studentId, id, await receiptImage(order.amountDzd, order.reference));
      };
      const approved = await buy('ياسين مراد', quarterly.id, 'ccp');
      await transfers.approveReceipt(teacher.id, approved.id, teacher.userId);
      // The receipt waiting for review is the demo student's, so both sides of it show after `npm start`.
      const [demo] = await db.select({ id: students.id }).from(students).innerJoin(user, eq(user.id, students.id)).where(eq(user.email, DEMO_ACCOUNTS.student));
      await buy('سارة الطالبة', monthly.id, 'baridimob', demo?.id);
    },
  },
];
