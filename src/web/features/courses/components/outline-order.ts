import type { UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove } from '@dnd-kit/sortable';
import type { TCourseDetail } from '@web/features/courses/api';

/** A course outline's order as the server takes it, and how a drop or a move button changes it. */
export type TSection = TCourseDetail['sections'][number];
export type TOrder = Array<{ id: string; lessonIds: string[] }>;
export type TKind = 'section' | 'lesson';

export const orderOf = (sections: TSection[]): TOrder => sections.map((s) => ({ id: s.id, lessonIds: s.lessons.map((l) => l.id) }));

/** dnd-kit ids name the kind too: a section and a lesson never share one. */
export const dragId = (kind: TKind, id: string) => `${kind}:${id}`;
export const parseDragId = (value: UniqueIdentifier) => {
  const [kind, id = ''] = String(value).split(':') as [TKind, string?];
  return { kind, id };
};

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

/** The order after a drop: a section takes the place of the one it was dropped on; a lesson that of a lesson, or the end of an empty section. */
export function dropOrder(order: TOrder, active: UniqueIdentifier, over: UniqueIdentifier): TOrder | null {
  const moving = parseDragId(active);
  const target = parseDragId(over);
  const sectionOf = (lessonId: string) => order.find((s) => s.lessonIds.includes(lessonId));
  if (moving.kind === 'section') {
    const to = order.findIndex((s) => s.id === (target.kind === 'section' ? target.id : sectionOf(target.id)?.id));
    const from = order.findIndex((s) => s.id === moving.id);
    return from < 0 || to < 0 || from === to ? null : arrayMove(order, from, to);
  }
  const source = sectionOf(moving.id);
  if (!source || moving.id === target.id) return null;
  if (target.kind === 'section') return source.id === target.id ? null : moveLesson(order, moving.id, target.id, null);
  const into = sectionOf(target.id);
  if (!into) return null;
  if (into.id !== source.id) return moveLesson(order, moving.id, into.id, target.id);
  const ids = arrayMove(source.lessonIds, source.lessonIds.indexOf(moving.id), source.lessonIds.indexOf(target.id));
  return order.map((s) => (s.id === source.id ? { ...s, lessonIds: ids } : s));
}

/** The move buttons: one step up or down; a lesson crosses into the neighbouring section at its near end. */
export function shiftOrder(order: TOrder, sectionIndex: number, lessonIndex: number | null, by: -1 | 1): TOrder | null {
  if (lessonIndex === null) return arrayMove(order, sectionIndex, sectionIndex + by);
  const flat = order.flatMap((s) => s.lessonIds.map((id) => ({ sectionId: s.id, id })));
  const index = flat.findIndex((x) => x.id === order[sectionIndex]!.lessonIds[lessonIndex]);
  const target = flat[index + by];
  if (!target) return null;
  const moving = flat[index]!;
  if (target.sectionId !== moving.sectionId) {
    const neighbour = order[sectionIndex + by]!;
    return moveLesson(order, moving.id, neighbour.id, by === 1 ? (neighbour.lessonIds[0] ?? null) : null);
  }
  return moveLesson(order, moving.id, moving.sectionId, by === 1 ? (flat[index + 2]?.sectionId === moving.sectionId ? flat[index + 2]!.id : null) : target.id);
}
