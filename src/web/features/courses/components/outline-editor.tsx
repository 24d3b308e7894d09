import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { TextField } from '@web/components/ui/form-field';
import { useSortableAccessibility, useSortableSensors } from '@web/lib/sortable';
import type { TCourseDetail, TTeacherLesson } from '@web/features/courses/api';
import { LessonDialog } from './lesson-dialog';
import { useOutlineMutations, type TMutations } from './outline-mutations';
import { dragId, dropOrder, orderOf, parseDragId, type TKind } from './outline-order';
import { SectionCard } from './outline-rows';

function NewSectionForm({ mutations }: { mutations: TMutations }) {
  const { t } = useTranslation('courses');
  const [title, setTitle] = useState('');
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        if (title.trim()) mutations.addSection.mutate(title.trim(), { onSuccess: () => setTitle('') });
      }}
    >
      <TextField id="new-section" label={t('outline.newSection')} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} className="flex-1" />
      <Button type="submit" variant="secondary" busy={mutations.addSection.isPending} data-testid="add-section">
        {t('outline.addSection')}
      </Button>
    </form>
  );
}

/**
 * Sections and lessons, reordered by dragging their handle (mouse, press and hold on a phone, or Space and the arrow
 * keys), or by the move buttons. Every change sends the whole order; the server refuses one that no longer matches
 * the course.
 */
export function OutlineEditor({ course }: { course: TCourseDetail }) {
  const { t } = useTranslation('courses');
  const mutations = useOutlineMutations(course);
  const [editing, setEditing] = useState<{ sectionId: string; lesson: TTeacherLesson | null } | null>(null);
  const [dragging, setDragging] = useState<TKind | null>(null);
  const sensors = useSortableSensors();
  const names = new Map<string, string>([
    ...course.sections.map((s) => [dragId('section', s.id), s.title] as const),
    ...course.sections.flatMap((s) => s.lessons.map((l) => [dragId('lesson', l.id), l.title] as const)),
  ]);
  const accessibility = useSortableAccessibility((id) => names.get(String(id)) ?? '');
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const next = over ? dropOrder(orderOf(course.sections), active.id, over.id) : null;
    if (next) mutations.reorder.mutate(next);
  };

  return (
    <div className="space-y-4" data-testid="outline-editor">
      {course.sections.length === 0 ? <EmptyState title={t('outline.emptyTitle')} body={t('outline.emptyBody')} /> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={accessibility}
        onDragStart={({ active }) => setDragging(parseDragId(active.id).kind)}
        onDragCancel={() => setDragging(null)}
        onDragEnd={onDragEnd}
      >
        <SortableContext items={course.sections.map((s) => dragId('section', s.id))} strategy={verticalListSortingStrategy}>
          <ol className="space-y-4">
            {course.sections.map((section, si) => (
              <SectionCard
                key={section.id}
                {...{ course, section, dragging, mutations }}
                index={si}
                onEdit={(lesson) => setEditing({ sectionId: section.id, lesson })}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <NewSectionForm mutations={mutations} />
      {editing ? (
        <LessonDialog
          courseId={course.id}
          sectionId={editing.sectionId}
          lesson={editing.lesson}
          scheduled={course.kind === 'scheduled'}
          onClose={() => setEditing(null)}
          onSaved={() => void mutations.refresh()}
        />
      ) : null}
    </div>
  );
}
