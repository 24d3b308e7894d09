import { expect, type Page } from '@playwright/test';
import { uniqueAccount } from '../support/fixtures';
import { registerTeacherViaApi, signOutViaApi } from '../support/auth';
import { callApi, freeVideoCourse } from '../support/video';

/** A teacher's free course with one ready video lesson, and a new student enrolled in it (signed in on `page`). */
export async function enrolledVideoStudent(page: Page, origin: string, seconds = 20) {
  const teacher = uniqueAccount('offteacher');
  await registerTeacherViaApi(page, teacher, 'أستاذة نادية');
  const { courseId, lessonId } = await freeVideoCourse(page.request, origin, { title: 'الرياضيات', section: 'الوحدة الأولى', lesson: 'الدوال', seconds });
  await signOutViaApi(page);
  const student = uniqueAccount('offstudent');
  const signUp = await page.request.post('/api/accounts/register/student', {
    data: { name: 'مريم بن علي', email: student.email, password: student.password, platform: teacher.subdomain },
    headers: { origin },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  await callApi(page.request, origin, 'post', `/api/learning/student/courses/${courseId}/enroll-free`, {});
  return { url: `/student/dashboard/courses/${courseId}/lessons/${lessonId}`, lessonId };
}

/** Downloads the open lesson page's video for offline use, from the panel under the player. */
export async function downloadOpenLesson(page: Page) {
  const panel = page.getByTestId('offline-download');
  await panel.getByTestId('offline-prepare').click();
  await panel.getByTestId('offline-start').click();
  await expect(panel).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  return panel;
}

/** Deletes one stored segment from the browser's IndexedDB, as a browser freeing space would. */
export function dropStoredSegment(page: Page, lessonId: string, n: number) {
  return page.evaluate(
    ({ id, n }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('darsi-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('files', 'readwrite');
          tx.objectStore('files').delete(`seg:${id}:${n}`);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    { id: lessonId, n },
  );
}
