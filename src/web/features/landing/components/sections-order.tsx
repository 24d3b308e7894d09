import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { normalizeSections } from '@shared/landing-view';
import type { TSectionId, TSectionsConfig } from '@shared/schemas/landing';
import { Button } from '@web/components/ui/button';
import { cx } from '@web/lib/cx';
import { useSortableAccessibility, useSortableSensors } from '@web/lib/sortable';

type TRowProps = {
  id: TSectionId;
  index: number;
  count: number;
  shown: boolean;
  onShown: (shown: boolean) => void;
  onStep: (delta: -1 | 1) => void;
};

/** One section: its handle (mouse, press and hold on a phone, or keyboard), whether it shows, and the arrows. */
function SectionRow({ id, index, count, shown, onShown, onStep }: TRowProps) {
  const { t } = useTranslation('landing');
  const fixed = id === 'hero';
  const name = t(`editor.sectionNames.${id}`);
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging, isOver } = useSortable({ id, disabled: fixed });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-section-row={id}
      className={cx(
        'flex flex-wrap items-center gap-2 rounded-xl border bg-white p-2',
        fixed ? 'border-gray-200 bg-gray-50' : 'border-gray-300',
        isOver && !isDragging && 'border-primary-500 ring-2 ring-primary-200',
        isDragging && 'relative z-10 opacity-60 shadow-lg',
      )}
    >
      {fixed ? (
        <span aria-hidden className="w-9 text-center text-gray-400">
          {'•'}
        </span>
      ) : (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t('editor.sections.drag', { name })}
          className="inline-flex min-h-9 min-w-9 cursor-grab touch-none items-center justify-center rounded-lg text-gray-400 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-500 active:cursor-grabbing"
          data-testid={`section-drag-${id}`}
        >
          <span aria-hidden>{'⋮⋮'}</span>
        </button>
      )}
      <label className="flex min-h-11 min-w-0 flex-1 items-center gap-2 text-sm font-medium text-gray-800">
        <input
          type="checkbox"
          className="h-5 w-5 accent-primary-600"
          checked={shown}
          disabled={fixed}
          data-testid={`section-visible-${id}`}
          onChange={(e) => onShown(e.target.checked)}
        />
        <span className="truncate">{name}</span>
        {fixed && <span className="text-xs text-gray-500">{t('editor.sections.heroFixed')}</span>}
      </label>
      {!fixed && (
        <span className="flex gap-1">
          <Button
            size="sm"
            variant="ghost"
            disabled={index <= 1}
            onClick={() => onStep(-1)}
            aria-label={t('editor.sections.moveUp', { name })}
            data-testid={`section-up-${id}`}
          >
            <span aria-hidden>{'↑'}</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={index === count - 1}
            onClick={() => onStep(1)}
            aria-label={t('editor.sections.moveDown', { name })}
            data-testid={`section-down-${id}`}
          >
            <span aria-hidden>{'↓'}</span>
          </Button>
        </span>
      )}
    </li>
  );
}

/**
 * Spec §2.7 order and visibility: drag a section by its handle to move it (or use the arrows), untick it to hide it.
 * Hero stays first and visible whatever is dropped where.
 */
export function SectionsOrder({ value, onChange }: { value: TSectionsConfig; onChange: (v: TSectionsConfig) => void }) {
  const { t } = useTranslation('landing');
  const { order, visible } = normalizeSections(value);
  const sensors = useSortableSensors();
  const accessibility = useSortableAccessibility((id) => t(`editor.sectionNames.${String(id)}`));

  const commit = (nextOrder: TSectionId[], nextVisible: TSectionId[]) => {
    const normalized = normalizeSections({ order: nextOrder, visible: nextVisible });
    onChange({ order: normalized.order, visible: normalized.visible });
  };
  const move = (from: number, to: number) => {
    if (from < 1 || to < 1 || from === to || to >= order.length) return;
    commit(arrayMove(order, from, to), visible);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(order.indexOf(active.id as TSectionId), order.indexOf(over.id as TSectionId));
  };
  const toggle = (id: TSectionId, shown: boolean) => commit(order, shown ? [...visible, id] : visible.filter((s) => s !== id));

  return (
    <div className="space-y-2">
      <p className="text-sm text-gray-600">{t('editor.sections.hint')}</p>
      <DndContext sensors={sensors} collisionDetection={closestCenter} accessibility={accessibility} onDragEnd={onDragEnd}>
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ol className="space-y-2" data-testid="sections-order">
            {order.map((id, index) => (
              <SectionRow
                key={id}
                id={id}
                index={index}
                count={order.length}
                shown={visible.includes(id)}
                onShown={(shown) => toggle(id, shown)}
                onStep={(delta) => move(index, index + delta)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  );
}
