import { randomUUID } from 'node:crypto';
import type { TStaffRole } from '@shared/staff';
import { browser, type TBrowser } from './browser';
import type { TTeacher } from './courses-helpers';
import type { TTestApp } from './harness';

/** The invitation link of the latest mail sent to `email` (the mail stand-in keeps recent messages). */
export function invitationLink(t: TTestApp, email: string): string {
  const mail = [...t.services.mailer.recent].reverse().find((m) => m.to === email);
  const link = mail?.text.match(/https?:\/\/\S+\/staff\/accept\?\S+/)?.[0];
  if (!link) throw new Error(`no invitation mail for ${email}`);
  return link;
}

export const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** Invites `email` with `role` as the teacher; the response. */
export const inviteAs = (teacher: Pick<TTeacher, 'b'>, email: string, role: TStaffRole) => teacher.b.post('/api/staff/teacher/invitations', { email, role });

export type TStaffMember = { b: TBrowser; email: string; userId: string; memberId: string };

/** A new person invited by the teacher, who accepts with a new account: signed in on the main host. */
export async function staffMember(t: TTestApp, teacher: Pick<TTeacher, 'b'>, role: TStaffRole): Promise<TStaffMember> {
  const email = `staff-${randomUUID().slice(0, 8)}@example.test`;
  const invited = await inviteAs(teacher, email, role);
  if (invited.status !== 201) throw new Error(`invite: ${invited.status} ${await invited.text()}`);
  const b = browser(t);
  const res = await b.post('/api/staff/invitations/accept', { token: tokenOf(invitationLink(t, email)), name: `عضو ${role}`, password: 'staff-pass-123' });
  if (res.status !== 200) throw new Error(`accept: ${res.status} ${await res.text()}`);
  const session = await b.session();
  const team = (await (await teacher.b.get('/api/staff/teacher/team')).json()) as { members: Array<{ id: string; email: string; userId: string }> };
  const member = team.members.find((m) => m.email === email)!;
  return { b, email, userId: session!.user.userId as string, memberId: member.id };
}
