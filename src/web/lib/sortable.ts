import { KeyboardSensor, MouseSensor, TouchSensor, useSensor, useSensors, type Announcements, type UniqueIdentifier } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';

/**
 * The ways to reorder a list (issue 21): a mouse drag, a press and hold on a phone (HTML5 drag and drop never fired
 * there), and the keyboard (Space or Enter to pick up, arrows to move, Space or Enter to drop, Escape to cancel).
 */
export function useSortableSensors() {
  return useSensors(
    // A few pixels before a drag starts, so that a click on the handle stays a click.
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    // Held for a moment before it drags, so that a swipe over the list still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** What a screen reader hears while an item moves, in the reader's language (dnd-kit's own texts are English). */
export function useSortableAccessibility(nameOf: (id: UniqueIdentifier) => string) {
  const { t } = useTranslation('common');
  const over = (key: 'over' | 'dropped', id: UniqueIdentifier, overId: UniqueIdentifier | undefined) =>
    overId === undefined ? t('sortable.outside', { name: nameOf(id) }) : t(`sortable.${key}`, { name: nameOf(id), over: nameOf(overId) });
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('sortable.picked', { name: nameOf(active.id) }),
    // Over its own place (right after the pick-up) says nothing new: the pick-up stays what is heard.
    onDragOver: ({ active, over: target }) => (target?.id === active.id ? undefined : over('over', active.id, target?.id)),
    onDragEnd: ({ active, over: target }) => over('dropped', active.id, target?.id),
    onDragCancel: ({ active }) => t('sortable.cancelled', { name: nameOf(active.id) }),
  };
  return { announcements, screenReaderInstructions: { draggable: t('sortable.instructions') } };
}
