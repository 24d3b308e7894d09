import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { TChargilyMode } from '@shared/schemas/payments';
import { api, unwrap, type TJson } from '@web/lib/api';

const teacher = api.payments.teacher;
const student = api.payments.student;

/** Every payments query starts with 'payments': one invalidation after a change refreshes them all. */
export const paymentKeys = { all: ['payments'] as const, card: ['payments', 'card-settings'] as const };

export const cardSettingsQuery = queryOptions({ queryKey: paymentKeys.card, queryFn: () => unwrap(teacher['card-settings'].$get()), staleTime: 0 });

export type TCardSettings = InferResponseType<(typeof teacher)['card-settings']['$get'], 200>;
export type TCardSettingsBody = TJson<(typeof teacher)['card-settings']['$put']>;

export function useSaveCardSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: TCardSettingsBody) => unwrap(teacher['card-settings'].$put({ json })),
    onSuccess: (saved) => queryClient.setQueryData(paymentKeys.card, saved),
  });
}

export const checkCardConnection = (mode: TChargilyMode) => unwrap(teacher['card-settings'].check.$post({ json: { mode } }));

export const paymentOptionsQuery = (courseId: string) =>
  queryOptions({ queryKey: ['payments', 'options', courseId], queryFn: () => unwrap(student.courses[':courseId'].options.$get({ param: { courseId } })), staleTime: 0 });

export const startCardOrder = (courseId: string, planId: string) => unwrap(student.orders.card.$post({ json: { courseId, planId } }));

/** The order page asks again every few seconds while the payment is pending (the server asks Chargily). */
export const orderQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['payments', 'order', orderId],
    queryFn: () => unwrap(student.orders[':orderId'].$get({ param: { orderId } })),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3_000 : false),
  });

export type TOrderView = InferResponseType<(typeof student.orders)[':orderId']['$get'], 200>;
