import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useErrorText } from '@web/lib/api-errors';
import { courseKeys } from '@web/lib/course-queries';
import { notify } from '@web/lib/notify';
import { coursesApi, type TCourseDetail } from '@web/features/courses/api';
import type { TOrder } from './outline-order';

/** The outline's changes: moves shown at once and sent in order, sections and lessons added, renamed, removed. */
export function useOutlineMutations(course: TCourseDetail) {
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.all });
  const onError = (error: unknown) => notify.error(errorText(error));
  const mutationKey = ['courses', 'reorder', course.id];
  const reorder = useMutation({
    mutationKey,
    // Quick moves reach the server one after another, in the order they were made.
    scope: { id: `reorder:${course.id}` },
    mutationFn: (sections: TOrder) => coursesApi.reorder(course.id, { sections }),
    onMutate: async (sections) => {
      // Shown at once; the server's answer confirms or the refresh puts it back. A refresh still on its way would
      // bring the older order back, and the next move would start from it.
      await queryClient.cancelQueries({ queryKey: courseKeys.course(course.id) });
      const all = course.sections.flatMap((x) => x.lessons);
      queryClient.setQueryData(courseKeys.course(course.id), {
        ...course,
        sections: sections.map((s) => ({ ...course.sections.find((x) => x.id === s.id)!, lessons: s.lessonIds.map((id) => all.find((l) => l.id === id)!) })),
      });
    },
    onError,
    // Read the server's order once the last of several quick moves is done.
    onSettled: () => (queryClient.isMutating({ mutationKey }) === 1 ? refresh() : undefined),
  });
  return {
    refresh,
    reorder,
    addSection: useMutation({ mutationFn: (title: string) => coursesApi.addSection(course.id, title), onError, onSettled: refresh }),
    removeSection: useMutation({ mutationFn: (sectionId: string) => coursesApi.removeSection(sectionId), onError, onSettled: refresh }),
    renameSection: useMutation({
      mutationFn: (v: { sectionId: string; title: string }) => coursesApi.renameSection(v.sectionId, v.title),
      onError,
      onSettled: refresh,
    }),
    removeLesson: useMutation({ mutationFn: (lessonId: string) => coursesApi.removeLesson(lessonId), onError, onSettled: refresh }),
  };
}
export type TMutations = ReturnType<typeof useOutlineMutations>;
