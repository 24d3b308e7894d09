import { useParams } from 'react-router';

/**
 * The student area lives at /student/dashboard (on a teacher's host or the main site) and at
 * /platform/{subdomain}/student/dashboard; links stay inside the one the student is in.
 */
export function useStudentPaths() {
  const { subdomain } = useParams();
  const base = subdomain ? `/platform/${subdomain}/student/dashboard` : '/student/dashboard';
  return {
    platform: subdomain,
    home: base,
    subscriptions: `${base}/subscriptions`,
    course: (courseId: string) => `${base}/courses/${courseId}`,
    lesson: (courseId: string, lessonId: string) => `${base}/courses/${courseId}/lessons/${lessonId}`,
    live: (sessionId: string) => `${base}/live/${sessionId}`,
    /** Buying a course plan online, and an order's own page (issue 13). */
    pay: (courseId: string) => `${base}/courses/${courseId}/pay`,
    order: (orderId: string) => `${base}/payments/${orderId}`,
    // Buying a course plan (issue 13): the choice of method, then a transfer order and its receipt.
    checkout: (courseId: string, planId?: string) => `${base}/checkout/${courseId}${planId ? `?plan=${planId}` : ''}`,
    transferOrder: (orderId: string) => `${base}/orders/${orderId}`,
  };
}
