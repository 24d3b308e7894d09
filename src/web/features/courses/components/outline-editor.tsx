import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { Link } from 'react-router';
import { useErrorText } from '@web/lib/api-errors';
import { Button, buttonClass } from '@web/components/ui/button';
import { cx } from '@web/lib/cx';
import { useSession } from '@web/components/area/session';
import { notify } from '@web/lib/notify';
import { courseKeys, coursesApi, type TCourseDetail, type TTeacherLesson } from '@web/features/courses/api';
import { LessonDialog } from './lesson-dialog';
import { VideoStateBadge } from './video/video-state-badge';
import { EmptyState } from '@web/components/ui/empty-state';
import { useCourseFormat } from './ui';
import { TextField } from '@web/components/ui/form-field';
import { Badge } from '@web/components/ui/badge';

/** The drag handle's dots (decorative: the move buttons carry the accessible names). */
function GripIcon() {
  return (
    <svg aria-hidden viewBox="0 0 12 20" className="h-5 w-3 shrink-0 cursor-grab fill-gray-400">
      {[3, 10, 17].flatMap((y) => [<circle key={`a${y}`} cx="3" cy={y} r="1.6" />, <circle key={`b${y}`} cx="9" cy={y} r="1.6" />])}
    </svg>
  );
}

type TSection = TCourseDetail['sections'][number];
type TDrag = { kind: 'lesson' | 'section'; id: string };
type TOrder = Array<{ id: string; lessonIds: string[] }>;

const orderOf = (sections: TSection[]): TOrder => sections.map((s) => ({ id: s.id, lessonIds: s.lessons.map((l) => l.id) }));

/** Moves a lesson before another lesson (or to the end of a section when `beforeId` is null). */
function moveLesson(order: TOrder, lessonId: string, sectionId: string, beforeId: string | null): TOrder {
  const without = order.map((s) => ({ ...s, lessonIds: s.lessonIds.filter((id) => id !== lessonId) }));
  return without.map((s) => {
    if (s.id !== sectionId) return s;
    const at = beforeId ? s.lessonIds.indexOf(beforeId) : -1;
    const ids = [...s.lessonIds];
    ids.splice(at < 0 ? ids.length : at, 0, lessonId);
    return { ...s, lessonIds: ids };
  });
}

function moveSection(order: TOrder, sectionId: string, beforeId: string | null): TOrder {
  const moving = order.find((s) => s.id === sectionId);
  if (!moving) return order;
  const rest = order.filter((s) => s.id !== sectionId);
  const at = beforeId ? rest.findIndex((s) => s.id === beforeId) : -1;
  rest.splice(at < 0 ? rest.length : at, 0, moving);
  return rest;
}

/**
 * Sections and lessons, reordered by drag and drop (or by the move buttons, from a keyboard or a phone).
 * Every change sends the whole order; the server refuses one that no longer matches the course.
 */
export function OutlineEditor({ course }: { course: TCourseDetail }) {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const format = useCourseFormat();
  const subdomain = useSession().teacher?.subdomain ?? '';
  const [dragging, setDragging] = useState<TDrag | null>(null);
  const [editing, setEditing] = useState<{ sectionId: string; lesson: TTeacherLesson | null } | null>(null);
  const [newSection, setNewSection] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.all });

  const reorder = useMutation({
    mutationFn: (sections: TOrder) => coursesApi.reorder(course.id, { sections }),
    onMutate: (sections) => {
      // Shown at once; the server's answer confirms or the refresh puts it back.
      queryClient.setQueryData(courseKeys.course(course.id), {
        ...course,
        sections: sections.map((s) => {
          const section = course.sections.find((x) => x.id === s.id)!;
          const all = course.sections.flatMap((x) => x.lessons);
          return { ...section, lessons: s.lessonIds.map((id) => all.find((l) => l.id === id)!) };
        }),
      });
    },
    onError: (error) => notify.error(errorText(error)),
    onSettled: refresh,
  });
  const addSection = useMutation({
    mutationFn: (title: string) => coursesApi.addSection(course.id, title),
    onSuccess: () => setNewSection(''),
    onError: (error) => notify.error(errorText(error)),
    onSettled: refresh,
  });
  const removeSection = useMutation({
    mutationFn: (sectionId: string) => coursesApi.removeSection(sectionId),
    onError: (error) => notify.error(errorText(error)),
    onSettled: refresh,
  });
  const renameSection = useMutation({
    mutationFn: (v: { sectionId: string; title: string }) => coursesApi.renameSection(v.sectionId, v.title),
    onError: (error) => notify.error(errorText(error)),
    onSettled: refresh,
  });
  const removeLesson = useMutation({
    mutationFn: (lessonId: string) => coursesApi.removeLesson(lessonId),
    onError: (error) => notify.error(errorText(error)),
    onSettled: refresh,
  });

  const order = orderOf(course.sections);
  const drop = (e: DragEvent, target: { sectionId: string; beforeLessonId?: string | null; beforeSectionId?: string | null }) => {
    e.preventDefault();
    e.stopPropagation();
    if (!dragging) return;
    if (dragging.kind === 'lesson') reorder.mutate(moveLesson(order, dragging.id, target.sectionId, target.beforeLessonId ?? null));
    else reorder.mutate(moveSection(order, dragging.id, target.beforeSectionId === undefined ? target.sectionId : target.beforeSectionId));
    setDragging(null);
  };
  const allow = (e: DragEvent) => e.preventDefault();
  const start = (e: DragEvent, drag: TDrag) => {
    e.stopPropagation();
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', drag.id);
    setDragging(drag);
  };
  const shift = (sectionIndex: number, lessonIndex: number | null, by: -1 | 1) => {
    if (lessonIndex === null) {
      const next = [...order];
      const [moved] = next.splice(sectionIndex, 1);
      next.splice(sectionIndex + by, 0, moved!);
      reorder.mutate(next);
      return;
    }
    const flat = order.flatMap((s) => s.lessonIds.map((id) => ({ sectionId: s.id, id })));
    const index = flat.findIndex((x) => x.id === order[sectionIndex]!.lessonIds[lessonIndex]);
    const target = flat[index + by];
    if (!target) return;
    const moving = flat[index]!;
    // Across a section boundary the lesson joins the neighbouring section, at its near end.
    if (target.sectionId !== moving.sectionId) {
      const neighbour = order[sectionIndex + by]!;
      reorder.mutate(moveLesson(order, moving.id, neighbour.id, by === 1 ? (neighbour.lessonIds[0] ?? null) : null));
    } else {
      reorder.mutate(moveLesson(order, moving.id, moving.sectionId, by === 1 ? (flat[index + 2]?.sectionId === moving.sectionId ? flat[index + 2]!.id : null) : target.id));
    }
  };

  return (
    <div className="space-y-4" data-testid="outline-editor">
      {course.sections.length === 0 ? <EmptyState title={t('outline.emptyTitle')} body={t('outline.emptyBody')} /> : null}
      <ol className="space-y-4">
        {course.sections.map((section, si) => (
          <li
            key={section.id}
            data-testid="section"
            draggable
            onDragStart={(e) => start(e, { kind: 'section', id: section.id })}
            onDragOver={allow}
            onDrop={(e) => drop(e, { sectionId: section.id, beforeSectionId: dragging?.kind === 'section' ? section.id : undefined })}
            className={cx('rounded-2xl border border-gray-200 bg-gray-50 p-3', dragging?.id === section.id && 'opacity-50')}
          >
            <div className="mb-2 flex flex-wrap items-center gap-2">
              <GripIcon />
              <SectionTitle
                title={section.title}
                onRename={(title) => renameSection.mutate({ sectionId: section.id, title })}
                label={t('outline.sectionTitleNamed', { n: si + 1 })}
              />
              <div className="ms-auto flex gap-1">
                <Button variant="ghost" size="sm" disabled={si === 0} onClick={() => shift(si, null, -1)} aria-label={t('outline.moveSectionUp', { title: section.title })}>
                  ↑
                </Button>
                <Button variant="ghost" size="sm" disabled={si === course.sections.length - 1} onClick={() => shift(si, null, 1)} aria-label={t('outline.moveSectionDown', { title: section.title })}>
                  ↓
                </Button>
                <ConfirmButton variant="ghost" cancelLabel={t('common.back')}
                  label={t('common.delete')}
                  ariaLabel={t('outline.deleteSectionNamed', { title: section.title })}
                  title={t('outline.confirmDeleteSection', { title: section.title })}
                  body={t('common.cannotUndo')}
                  confirmLabel={t('common.delete')}
                  onConfirm={() => removeSection.mutate(section.id)}
                />
              </div>
            </div>
            <ul className="space-y-2" onDragOver={allow} onDrop={(e) => drop(e, { sectionId: section.id, beforeLessonId: null })}>
              {section.lessons.map((lesson, li) => (
                <li
                  key={lesson.id}
                  data-testid="lesson-row"
                  draggable
                  onDragStart={(e) => start(e, { kind: 'lesson', id: lesson.id })}
                  onDragOver={allow}
                  onDrop={(e) => drop(e, { sectionId: section.id, beforeLessonId: lesson.id })}
                  className={cx('flex flex-col gap-2 rounded-xl border border-gray-200 bg-white p-2.5 sm:flex-row sm:items-center', dragging?.id === lesson.id && 'opacity-50')}
                >
                  <div className="flex min-w-0 flex-1 items-center gap-2">
                    <GripIcon />
                    <span className="min-w-0 flex-1 break-words font-medium text-gray-900">{lesson.title}</span>
                    <Badge tone="blue">{t(`lesson.types.${lesson.type}`)}</Badge>
                    {lesson.freePreview ? (
                      <Badge tone="green" testId="lesson-preview-badge">
                        {t('platform:web.lesson.freePreview')}
                      </Badge>
                    ) : null}
                    {lesson.type === 'video' ? <VideoStateBadge lessonId={lesson.id} known={lesson.video} /> : null}
                  </div>
                  {lesson.releaseAt ? <span className="text-xs text-gray-600">{t('lesson.releasesOn', { date: format.dateTime(lesson.releaseAt) })}</span> : null}
                  <div className="flex flex-wrap justify-end gap-1 whitespace-nowrap">
                    <Button variant="ghost" size="sm" onClick={() => shift(si, li, -1)} disabled={si === 0 && li === 0} aria-label={t('outline.moveLessonUp', { title: lesson.title })}>
                      ↑
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => shift(si, li, 1)}
                      disabled={si === course.sections.length - 1 && li === section.lessons.length - 1}
                      aria-label={t('outline.moveLessonDown', { title: lesson.title })}
                    >
                      ↓
                    </Button>
                    <Link to={`/t/${subdomain}/preview/courses/${course.id}/lessons/${lesson.id}`} className={buttonClass('ghost', 'sm')} aria-label={t('outline.previewNamed', { title: lesson.title })}>
                      {t('outline.preview')}
                    </Link>
                    <Button variant="ghost" size="sm" onClick={() => setEditing({ sectionId: section.id, lesson })} aria-label={t('outline.editNamed', { title: lesson.title })}>
                      {t('common.edit')}
                    </Button>
                    <ConfirmButton variant="ghost" cancelLabel={t('common.back')}
                      label={t('common.delete')}
                      ariaLabel={t('outline.deleteLessonNamed', { title: lesson.title })}
                      title={t('outline.confirmDeleteLesson', { title: lesson.title })}
                      body={t('common.cannotUndo')}
                      confirmLabel={t('common.delete')}
                      onConfirm={() => removeLesson.mutate(lesson.id)}
                    />
                  </div>
                </li>
              ))}
            </ul>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => setEditing({ sectionId: section.id, lesson: null })} data-testid="add-lesson">
              {t('outline.addLesson')}
            </Button>
          </li>
        ))}
      </ol>
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (newSection.trim()) addSection.mutate(newSection.trim());
        }}
      >
        <TextField id="new-section" label={t('outline.newSection')} value={newSection} onChange={(e) => setNewSection(e.target.value)} maxLength={200} className="flex-1" />
        <Button type="submit" variant="secondary" busy={addSection.isPending} data-testid="add-section">
          {t('outline.addSection')}
        </Button>
      </form>
      {editing ? (
        <LessonDialog
          courseId={course.id}
          sectionId={editing.sectionId}
          lesson={editing.lesson}
          scheduled={course.kind === 'scheduled'}
          onClose={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
    </div>
  );
}

function SectionTitle({ title, onRename, label }: { title: string; onRename: (title: string) => void; label: string }) {
  const [value, setValue] = useState(title);
  const [shown, setShown] = useState(title);
  if (shown !== title) {
    setShown(title);
    setValue(title);
  }
  return (
    <input
      aria-label={label}
      value={value}
      maxLength={200}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => value.trim() && value.trim() !== title && onRename(value.trim())}
      className="min-h-9 min-w-0 flex-1 rounded-lg border border-transparent bg-transparent px-2 font-bold text-gray-900 hover:border-gray-300 focus:border-gray-300 focus:bg-white focus:outline-2 focus:outline-primary-500"
    />
  );
}
