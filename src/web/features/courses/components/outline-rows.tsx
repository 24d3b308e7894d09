import { useSortable, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@web/components/area/session';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClass } from '@web/components/ui/button';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { useCourseFormat } from '@web/components/ui/course-kit';
import { QUIZ_ITEM_TYPE } from '@shared/courses';
import { cx } from '@web/lib/cx';
import { Slot } from '@web/lib/slots';
import type { TCourseDetail, TTeacherLesson } from '@web/features/courses/api';
import type { TMutations } from './outline-mutations';
import { dragId, orderOf, shiftOrder, type TKind, type TSection } from './outline-order';

/** The drag handle's dots (the handle's button carries the accessible name). */
function GripIcon() {
  return (
    <svg aria-hidden viewBox="0 0 12 20" className="h-5 w-3 shrink-0 fill-gray-400">
      {[3, 10, 17].flatMap((y) => [<circle key={`a${y}`} cx="3" cy={y} r="1.6" />, <circle key={`b${y}`} cx="9" cy={y} r="1.6" />])}
    </svg>
  );
}

type TSortable = ReturnType<typeof useSortable>;

/** The handle that starts a drag: by mouse, by press and hold on a phone, or from the keyboard. */
function DragHandle({
  label,
  activatorRef,
  attributes,
  listeners,
}: {
  label: string;
  activatorRef: TSortable['setActivatorNodeRef'];
  attributes: TSortable['attributes'];
  listeners: TSortable['listeners'];
}) {
  return (
    <button
      type="button"
      ref={activatorRef}
      {...attributes}
      {...listeners}
      aria-label={label}
      className="inline-flex min-h-9 min-w-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-500 active:cursor-grabbing"
      data-testid="drag-handle"
    >
      <GripIcon />
    </button>
  );
}

const dragStyle = (transform: TSortable['transform'], transition: TSortable['transition']) => ({ transform: CSS.Translate.toString(transform), transition });

type TLessonRowProps = { course: TCourseDetail; lesson: TSection['lessons'][number]; first: boolean; last: boolean; dragging: TKind | null };

function LessonRow({
  course,
  lesson,
  first,
  last,
  dragging,
  onShift,
  onEdit,
  mutations,
}: TLessonRowProps & { onShift: (by: -1 | 1) => void; onEdit: () => void; mutations: TMutations }) {
  const { t } = useTranslation('courses');
  const format = useCourseFormat();
  const subdomain = useSession().teacher?.subdomain ?? '';
  // While a section moves, lessons are no places to drop it.
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id: dragId('lesson', lesson.id),
    disabled: { draggable: false, droppable: dragging === 'section' },
  });
  return (
    <li
      ref={setNodeRef}
      style={dragStyle(transform, transition)}
      data-testid="lesson-row"
      className={cx(
        'flex flex-col gap-2 rounded-xl border border-gray-200 bg-white p-2.5 sm:flex-row sm:items-center',
        isDragging && 'relative z-10 opacity-60 shadow-lg',
      )}
    >
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <DragHandle label={t('outline.dragLesson', { title: lesson.title })} activatorRef={setActivatorNodeRef} attributes={attributes} listeners={listeners} />
        <span className="min-w-0 flex-1 break-words font-medium text-gray-900">{lesson.title}</span>
        <Badge tone="blue">{t(`lesson.types.${lesson.type}`)}</Badge>
        {lesson.freePreview ? (
          <Badge tone="green" testId="lesson-preview-badge">
            {t('platform:web.lesson.freePreview')}
          </Badge>
        ) : null}
        {lesson.type === 'video' ? <Slot name="videoStateBadge" lessonId={lesson.id} known={lesson.video} /> : null}
      </div>
      {lesson.releaseAt ? <span className="text-xs text-gray-600">{t('lesson.releasesOn', { date: format.dateTime(lesson.releaseAt) })}</span> : null}
      <RowActions
        className="flex-wrap justify-end whitespace-nowrap"
        first={first}
        last={last}
        shift={onShift}
        onRemove={() => mutations.removeLesson.mutate(lesson.id)}
        labels={{
          up: t('outline.moveLessonUp', { title: lesson.title }),
          down: t('outline.moveLessonDown', { title: lesson.title }),
          remove: t('outline.deleteLessonNamed', { title: lesson.title }),
          confirm: t('outline.confirmDeleteLesson', { title: lesson.title }),
        }}
      >
        <Link
          to={`/t/${subdomain}/preview/courses/${course.id}/lessons/${lesson.id}`}
          className={buttonClass('ghost', 'sm')}
          aria-label={t('outline.previewNamed', { title: lesson.title })}
        >
          {t('outline.preview')}
        </Link>
        {lesson.type === QUIZ_ITEM_TYPE ? (
          // A quiz item is edited in the quiz manager (issue 25), never in the lesson dialog.
          <Link
            to={`/teacher/dashboard/courses/quizzes/${course.id}`}
            className={buttonClass('ghost', 'sm')}
            aria-label={t('outline.editNamed', { title: lesson.title })}
          >
            {t('common.edit')}
          </Link>
        ) : (
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={t('outline.editNamed', { title: lesson.title })}>
            {t('common.edit')}
          </Button>
        )}
      </RowActions>
    </li>
  );
}

type TSectionCardProps = {
  course: TCourseDetail;
  section: TSection;
  index: number;
  dragging: TKind | null;
  mutations: TMutations;
  onEdit: (lesson: TTeacherLesson | null) => void;
};

/** A row's move buttons, what else it offers (children), and its delete button with a confirmation. */
function RowActions({
  first,
  last,
  shift,
  onRemove,
  labels,
  className,
  children,
}: {
  first: boolean;
  last: boolean;
  shift: (by: -1 | 1) => void;
  onRemove: () => void;
  labels: { up: string; down: string; remove: string; confirm: string };
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('courses');
  return (
    <div className={cx('flex gap-1', className)}>
      <Button variant="ghost" size="sm" disabled={first} onClick={() => shift(-1)} aria-label={labels.up}>
        ↑
      </Button>
      <Button variant="ghost" size="sm" disabled={last} onClick={() => shift(1)} aria-label={labels.down}>
        ↓
      </Button>
      {children}
      <ConfirmButton
        variant="ghost"
        cancelLabel={t('common.back')}
        label={t('common.delete')}
        ariaLabel={labels.remove}
        title={labels.confirm}
        body={t('common.cannotUndo')}
        confirmLabel={t('common.delete')}
        onConfirm={onRemove}
      />
    </div>
  );
}

export function SectionCard({ course, section, index, dragging, mutations, onEdit }: TSectionCardProps) {
  const { t } = useTranslation('courses');
  // A lesson dragged over a section with lessons lands next to one of them; an empty section takes it whole.
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id: dragId('section', section.id),
    disabled: { draggable: false, droppable: dragging === 'lesson' && section.lessons.length > 0 },
  });
  const order = orderOf(course.sections);
  const shift = (lessonIndex: number | null, by: -1 | 1) => {
    const next = shiftOrder(order, index, lessonIndex, by);
    if (next) mutations.reorder.mutate(next);
  };
  const lastSection = index === course.sections.length - 1;
  return (
    <li
      ref={setNodeRef}
      style={dragStyle(transform, transition)}
      data-testid="section"
      className={cx('rounded-2xl border border-gray-200 bg-gray-50 p-3', isDragging && 'relative z-10 opacity-60 shadow-lg')}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <DragHandle
          label={t('outline.dragSection', { title: section.title })}
          activatorRef={setActivatorNodeRef}
          attributes={attributes}
          listeners={listeners}
        />
        <SectionTitle
          title={section.title}
          onRename={(title) => mutations.renameSection.mutate({ sectionId: section.id, title })}
          label={t('outline.sectionTitleNamed', { n: index + 1 })}
        />
        <RowActions
          className="ms-auto"
          first={index === 0}
          last={lastSection}
          shift={(by) => shift(null, by)}
          onRemove={() => mutations.removeSection.mutate(section.id)}
          labels={{
            up: t('outline.moveSectionUp', { title: section.title }),
            down: t('outline.moveSectionDown', { title: section.title }),
            remove: t('outline.deleteSectionNamed', { title: section.title }),
            confirm: t('outline.confirmDeleteSection', { title: section.title }),
          }}
        />
      </div>
      <SortableContext items={section.lessons.map((l) => dragId('lesson', l.id))} strategy={verticalListSortingStrategy}>
        <ul className="min-h-4 space-y-2">
          {section.lessons.map((lesson, li) => (
            <LessonRow
              key={lesson.id}
              {...{ course, lesson, dragging, mutations }}
              first={index === 0 && li === 0}
              last={lastSection && li === section.lessons.length - 1}
              onShift={(by) => shift(li, by)}
              onEdit={() => onEdit(lesson)}
            />
          ))}
        </ul>
      </SortableContext>
      <Button variant="secondary" size="sm" className="mt-2" onClick={() => onEdit(null)} data-testid="add-lesson">
        {t('outline.addLesson')}
      </Button>
    </li>
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
