import { useParams } from 'react-router';

/** The student's quiz screens, inside the student area the student is in (main site, teacher's host, /platform/{subdomain}). */
export function useQuizPaths() {
  const { subdomain } = useParams();
  const base = subdomain ? `/platform/${subdomain}/student/dashboard` : '/student/dashboard';
  return {
    /** A quiz's page, by its outline item (lesson) id: the outline links to it. */
    quiz: (lessonId: string) => `${base}/quizzes/${lessonId}`,
    attempt: (attemptId: string) => `${base}/quizzes/attempts/${attemptId}`,
    result: (attemptId: string) => `${base}/quizzes/attempts/${attemptId}/result`,
  };
}
