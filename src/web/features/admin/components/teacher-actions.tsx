import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { PLAN_IDS, type TPlanId } from '@shared/plans';
import { MAX_STATUS_REASON_LENGTH, MAX_TRIAL_EXTENSION_DAYS, type TTeacherStatus } from '@shared/schemas/admin';
import { useErrorText } from '@web/lib/api-errors';
import { Button } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { isolate } from '@web/lib/format';
import { ShieldIcon } from '@web/components/ui/icons';
import { notify } from '@web/lib/notify';
import { SelectField, TextAreaField } from '@web/components/ui/form-field';
import { adminApi, adminKeys, type TTeacherDetail } from '@web/features/admin/api';

/** Runs an admin action, then refreshes what it changed and says so. */
function useTeacherAction<T>(run: (input: T) => Promise<unknown>, successKey: string) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      notify.success(t(successKey));
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => notify.error(errorText(error)),
  });
}

const STATUS_ACTIONS: Array<{ status: TTeacherStatus; key: string; variant: 'primary' | 'secondary' | 'danger' }> = [
  { status: 'active', key: 'activate', variant: 'primary' },
  { status: 'inactive', key: 'deactivate', variant: 'secondary' },
  { status: 'suspended', key: 'suspend', variant: 'danger' },
];

function StatusActions({ teacher }: { teacher: TTeacherDetail }) {
  const { t } = useTranslation('admin');
  // The teacher reads this reason when they try to sign in (decision 058).
  const [reason, setReason] = useState('');
  const change = useTeacherAction(
    (status: TTeacherStatus) => adminApi.setTeacherStatus(teacher.id, status, status === 'active' ? undefined : reason.trim() || undefined),
    'detail.actions.statusChanged',
  );
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-bold text-gray-800">{t('detail.actions.status')}</h3>
      <div className="flex flex-wrap gap-2">
        {STATUS_ACTIONS.filter((a) => a.status !== teacher.status).map((a) => (
          <ConfirmButton
            cancelLabel={t('common.cancel')}
            key={a.status}
            label={t(`detail.actions.${a.key}`)}
            title={t(`detail.actions.${a.key}Title`, { name: teacher.name })}
            body={t(`detail.actions.${a.key}Body`)}
            confirmLabel={t(`detail.actions.${a.key}`)}
            variant={a.variant}
            onConfirm={() => change.mutateAsync(a.status).catch(() => undefined)}
            testId={`action-${a.key}`}
          >
            {a.status === 'active' ? null : (
              <TextAreaField
                id={`status-reason-${a.key}`}
                label={t('detail.actions.reason')}
                hint={t('detail.actions.reasonHint')}
                value={reason}
                onValueChange={setReason}
                maxLength={MAX_STATUS_REASON_LENGTH}
                data-testid="status-reason"
              />
            )}
          </ConfirmButton>
        ))}
      </div>
    </div>
  );
}

function PlanAction({ teacher }: { teacher: TTeacherDetail }) {
  const { t } = useTranslation('admin');
  const [plan, setPlan] = useState<TPlanId>(teacher.plan as TPlanId);
  const change = useTeacherAction((next: TPlanId) => adminApi.setTeacherPlan(teacher.id, next), 'detail.actions.planChanged');
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate(plan);
      }}
    >
      <SelectField
        className="min-w-40 flex-1"
        label={t('detail.actions.plan')}
        value={plan}
        onChange={(e) => setPlan(e.target.value as TPlanId)}
        options={PLAN_IDS.map((p) => ({ value: p, label: t(`plans.${p}`) }))}
        data-testid="plan-select"
      />
      <Button type="submit" variant="secondary" busy={change.isPending} disabled={plan === teacher.plan} data-testid="change-plan">
        {t('detail.actions.changePlan')}
      </Button>
    </form>
  );
}

function TrialAction({ teacher }: { teacher: TTeacherDetail }) {
  const { t } = useTranslation('admin');
  const [days, setDays] = useState('5');
  const extend = useTeacherAction((n: number) => adminApi.extendTrial(teacher.id, n), 'detail.actions.trialExtended');
  const value = Number(days);
  const valid = Number.isInteger(value) && value >= 1 && value <= MAX_TRIAL_EXTENSION_DAYS;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) extend.mutate(value);
      }}
    >
      <div className="min-w-40 flex-1 space-y-1">
        <label htmlFor="trial-days" className="block text-sm font-medium text-gray-800">
          {t('detail.actions.trialDays', { max: MAX_TRIAL_EXTENSION_DAYS })}
        </label>
        <input
          id="trial-days"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TRIAL_EXTENSION_DAYS}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          aria-invalid={!valid || undefined}
          className="block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:outline-2 focus:outline-primary-500"
        />
      </div>
      <Button type="submit" variant="secondary" busy={extend.isPending} disabled={!valid} data-testid="extend-trial">
        {t('detail.actions.extendTrial')}
      </Button>
    </form>
  );
}

export function ActionsCard({ teacher }: { teacher: TTeacherDetail }) {
  const { t } = useTranslation('admin');
  const reset = useTeacherAction(() => adminApi.sendPasswordReset(teacher.id), 'detail.actions.resetSent');
  return (
    <Card aria-labelledby="actions-title" className="lg:col-span-2">
      <CardHeader id="actions-title" title={t('detail.actions.title')} description={t('detail.actions.description')} icon={<ShieldIcon />} />
      <div className="grid gap-6 md:grid-cols-2">
        <StatusActions teacher={teacher} />
        <div className="space-y-2">
          <h3 className="text-sm font-bold text-gray-800">{t('detail.actions.password')}</h3>
          <ConfirmButton
            cancelLabel={t('common.cancel')}
            label={t('detail.actions.sendReset')}
            title={t('detail.actions.sendResetTitle')}
            body={t('detail.actions.sendResetBody', { email: isolate(teacher.email) })}
            confirmLabel={t('detail.actions.sendReset')}
            onConfirm={() => reset.mutateAsync(undefined).catch(() => undefined)}
            testId="action-reset-password"
          />
        </div>
        <PlanAction key={teacher.plan} teacher={teacher} />
        <TrialAction teacher={teacher} />
      </div>
    </Card>
  );
}
