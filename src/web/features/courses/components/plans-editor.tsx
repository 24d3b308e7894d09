import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PLAN_TYPES, type TPlanType } from '@shared/courses';
import { useErrorText } from '@web/lib/api-errors';
import { Button } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { notify } from '@web/lib/notify';
import { ApiError } from '@web/lib/api-error';
import { courseKeys } from '@web/lib/course-queries';
import { coursesApi, type TPlan } from '@web/features/courses/api';
import { CheckboxField, SelectField, TextField } from '@web/components/ui/form-field';

type TDraft = { id?: string; type: TPlanType; priceDzd: string; durationDays: string; autoRenew: boolean };

const toDraft = (p: TPlan): TDraft => ({
  id: p.id,
  type: p.type as TPlanType,
  priceDzd: String(p.priceDzd),
  durationDays: p.durationDays ? String(p.durationDays) : '',
  autoRenew: p.autoRenew,
});

/** Saves every plan at once; the saved plans (with their ids) become the drafts. */
function useSavePlans(courseId: string, drafts: TDraft[], setDrafts: (drafts: TDraft[]) => void) {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      coursesApi.savePlans(courseId, {
        plans: drafts.map((d) => ({
          ...(d.id ? { id: d.id } : {}),
          type: d.type,
          priceDzd: d.type === 'free' ? 0 : Number(d.priceDzd || 0),
          durationDays: d.type === 'custom' ? Number(d.durationDays || 0) : null,
          autoRenew: d.autoRenew,
        })),
      }),
    onSuccess: async (result) => {
      setDrafts(result.plans.map(toDraft));
      notify.success(t('plans.saved'));
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
    },
  });
}

/** The course's price plans in DZD: free, monthly, quarterly, yearly, lifetime or a custom number of days. */
export function PlansEditor({ courseId, plans }: { courseId: string; plans: TPlan[] }) {
  const { t } = useTranslation('courses');
  const errorText = useErrorText();
  const [drafts, setDrafts] = useState<TDraft[]>(plans.map(toDraft));
  const save = useSavePlans(courseId, drafts, setDrafts);
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const update = (i: number, patch: Partial<TDraft>) => setDrafts((all) => all.map((d, j) => (j === i ? { ...d, ...patch } : d)));

  return (
    <div className="space-y-3" data-testid="plans-editor">
      {drafts.length === 0 ? <p className="text-sm text-gray-600">{t('plans.empty')}</p> : null}
      {drafts.map((d, i) => (
        <div
          key={d.id ?? `new-${i}`}
          className="grid gap-3 rounded-xl border border-gray-200 p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
          data-testid="plan-row"
        >
          <SelectField
            label={t('plans.type')}
            value={d.type}
            onChange={(e) => update(i, { type: e.target.value as TPlanType })}
            options={PLAN_TYPES.map((value) => ({ value, label: t(`plans.types.${value}`) }))}
          />
          <TextField
            label={t('plans.price')}
            type="number"
            inputMode="numeric"
            min={0}
            value={d.type === 'free' ? '0' : d.priceDzd}
            disabled={d.type === 'free'}
            onChange={(e) => update(i, { priceDzd: e.target.value })}
            error={fields[`plans.${i}.priceDzd`]}
          />
          {d.type === 'custom' ? (
            <TextField
              label={t('plans.days')}
              type="number"
              min={1}
              value={d.durationDays}
              onChange={(e) => update(i, { durationDays: e.target.value })}
              error={fields[`plans.${i}.durationDays`]}
            />
          ) : (
            <CheckboxField
              label={t('plans.autoRenew')}
              checked={d.autoRenew}
              onChange={(e) => update(i, { autoRenew: e.target.checked })}
              className="min-h-11"
            />
          )}
          <Button variant="ghost" size="sm" onClick={() => setDrafts((all) => all.filter((_, j) => j !== i))} aria-label={t('plans.removeNamed', { n: i + 1 })}>
            {t('common.delete')}
          </Button>
        </div>
      ))}
      {save.isError && Object.keys(fields).length === 0 ? <Notice tone="error">{errorText(save.error)}</Notice> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => setDrafts((all) => [...all, { type: 'monthly', priceDzd: '', durationDays: '', autoRenew: false }])}
          data-testid="add-plan"
        >
          {t('plans.add')}
        </Button>
        <Button onClick={() => save.mutate()} busy={save.isPending} data-testid="save-plans">
          {t('plans.save')}
        </Button>
      </div>
    </div>
  );
}
