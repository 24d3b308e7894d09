import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeSections } from '@shared/landing-view';
import type { TSectionId, TSectionsConfig } from '@shared/schemas/landing';
import { Button } from '@web/components/ui/button';
import { cx } from '@web/lib/cx';

/**
 * Spec §2.7 order and visibility: drag a section to move it (or use the arrows), untick it to hide it.
 * Hero stays first and visible whatever is dropped where.
 */
export function SectionsOrder({ value, onChange }: { value: TSectionsConfig; onChange: (v: TSectionsConfig) => void }) {
  const { t } = useTranslation('landing');
  const { order, visible } = normalizeSections(value);
  const [dragging, setDragging] = useState<TSectionId | null>(null);
  const [over, setOver] = useState<TSectionId | null>(null);

  const commit = (nextOrder: TSectionId[], nextVisible: TSectionId[]) => {
    const normalized = normalizeSections({ order: nextOrder, visible: nextVisible });
    onChange({ order: normalized.order, visible: normalized.visible });
  };
  const moveTo = (id: TSectionId, target: TSectionId) => {
    if (id === 'hero' || id === target) return;
    const without = order.filter((s) => s !== id);
    const index = Math.max(1, without.indexOf(target));
    without.splice(index, 0, id);
    commit(without, visible);
  };
  const step = (id: TSectionId, delta: number) => {
    const index = order.indexOf(id);
    const target = order[index + delta];
    if (!target || target === 'hero') return;
    const next = [...order];
    next[index] = target;
    next[index + delta] = id;
    commit(next, visible);
  };
  const toggle = (id: TSectionId, shown: boolean) => commit(order, shown ? [...visible, id] : visible.filter((s) => s !== id));

  return (
    <div className="space-y-2">
      <p className="text-sm text-gray-600">{t('editor.sections.hint')}</p>
      <ol className="space-y-2" data-testid="sections-order">
        {order.map((id, index) => {
          const fixed = id === 'hero';
          return (
            <li
              key={id}
              data-section-row={id}
              draggable={!fixed}
              onDragStart={(e) => {
                setDragging(id);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', id);
              }}
              onDragOver={(e) => {
                if (fixed) return;
                e.preventDefault();
                setOver(id);
              }}
              onDragLeave={() => setOver((o) => (o === id ? null : o))}
              onDrop={(e) => {
                e.preventDefault();
                const moved = (e.dataTransfer.getData('text/plain') || dragging) as TSectionId | null;
                if (moved) moveTo(moved, id);
                setDragging(null);
                setOver(null);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              className={cx(
                'flex flex-wrap items-center gap-2 rounded-xl border bg-white p-2',
                fixed ? 'border-gray-200 bg-gray-50' : 'cursor-grab border-gray-300',
                over === id && 'border-primary-500 ring-2 ring-primary-200',
                dragging === id && 'opacity-50',
              )}
            >
              <span aria-hidden className="w-6 text-center text-gray-400">
                {fixed ? '•' : '⋮⋮'}
              </span>
              <label className="flex min-h-11 min-w-0 flex-1 items-center gap-2 text-sm font-medium text-gray-800">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-primary-600"
                  checked={visible.includes(id)}
                  disabled={fixed}
                  data-testid={`section-visible-${id}`}
                  onChange={(e) => toggle(id, e.target.checked)}
                />
                <span className="truncate">{t(`editor.sectionNames.${id}`)}</span>
                {fixed && <span className="text-xs text-gray-500">{t('editor.sections.heroFixed')}</span>}
              </label>
              {!fixed && (
                <span className="flex gap-1">
                  <Button size="sm" variant="ghost" disabled={index <= 1} onClick={() => step(id, -1)} aria-label={t('editor.sections.moveUp', { name: t(`editor.sectionNames.${id}`) })} data-testid={`section-up-${id}`}>
                    <span aria-hidden>{'↑'}</span>
                  </Button>
                  <Button size="sm" variant="ghost" disabled={index === order.length - 1} onClick={() => step(id, 1)} aria-label={t('editor.sections.moveDown', { name: t(`editor.sectionNames.${id}`) })} data-testid={`section-down-${id}`}>
                    <span aria-hidden>{'↓'}</span>
                  </Button>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
