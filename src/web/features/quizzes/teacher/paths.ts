/** The teacher's quiz screens, under the course's quiz manager (the URL of spec §2.4). */
const base = (courseId: string) => `/teacher/dashboard/courses/quizzes/${courseId}`;
export const editorPath = (courseId: string, quizId: string) => `${base(courseId)}/${quizId}`;
export const resultsPath = (courseId: string, quizId: string) => `${base(courseId)}/${quizId}/results`;
export const gradePath = (courseId: string, quizId: string, attemptId: string) => `${base(courseId)}/${quizId}/attempts/${attemptId}`;
