import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

/**
 * A list of items (features, FAQ, testimonials…): add, remove and reorder. Each item keeps its id, so
 * React and the page keep track of it while it moves.
 */
export function ItemsEditor<T extends { id: string }>({
  items,
  onChange,
  create,
  render,
  addLabel,
  max,
  testId,
  itemTitle,
}: {
  items: T[];
  onChange: (items: T[]) => void;
  create: () => T;
  render: (item: T, update: (patch: Partial<T>) => void, index: number) => ReactNode;
  addLabel: string;
  max: number;
  testId: string;
  itemTitle: (item: T, index: number) => string;
}) {
  const { t } = useTranslation('landing');
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length) return;
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  return (
    <div className="space-y-3" data-testid={testId}>
      {items.length === 0 && <p className="rounded-lg border border-dashed border-gray-300 p-4 text-center text-sm text-gray-500">{t('editor.items.empty')}</p>}
      <ol className="space-y-3">
        {items.map((item, index) => (
          <li key={item.id} className="rounded-xl border border-gray-200 bg-gray-50 p-3" data-testid={`${testId}-item`}>
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <p className="min-w-0 truncate text-sm font-bold text-gray-700">{itemTitle(item, index)}</p>
              <div className="flex gap-1">
                <Button size="sm" variant="ghost" onClick={() => move(index, index - 1)} disabled={index === 0} aria-label={t('editor.items.moveUp')}>
                  <span aria-hidden>{'↑'}</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => move(index, index + 1)}
                  disabled={index === items.length - 1}
                  aria-label={t('editor.items.moveDown')}
                >
                  <span aria-hidden>{'↓'}</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onChange(items.filter((_, i) => i !== index))}
                  data-testid={`${testId}-remove`}
                  aria-label={t('editor.items.remove')}
                >
                  <span aria-hidden>{'✕'}</span>
                </Button>
              </div>
            </div>
            <div className="grid gap-3">{render(item, (patch) => onChange(items.map((it, i) => (i === index ? { ...it, ...patch } : it))), index)}</div>
          </li>
        ))}
      </ol>
      <Button variant="secondary" size="sm" onClick={() => onChange([...items, create()])} disabled={items.length >= max} data-testid={`${testId}-add`}>
        {addLabel}
      </Button>
    </div>
  );
}

export const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
