import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { TChargilyMode } from '@shared/schemas/payments';
import { api, unwrap, type TJson } from '@web/lib/api';
import { putFile } from '@web/lib/put-file';

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
  queryOptions({
    queryKey: ['payments', 'options', courseId],
    queryFn: () => unwrap(student.courses[':courseId'].options.$get({ param: { courseId } })),
    staleTime: 0,
  });

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

/* Transfers and receipts (issue 13, decision 092). */

export const transferSettingsQuery = queryOptions({
  queryKey: ['payments', 'transfer-settings'],
  queryFn: () => unwrap(teacher['transfer-settings'].$get()),
});

export type TTransferSettingsView = InferResponseType<(typeof teacher)['transfer-settings']['$get'], 200>;
export type TReceiptStatus = 'pending' | 'approved' | 'rejected';

export const receiptsQuery = (status: TReceiptStatus) =>
  queryOptions({
    queryKey: ['payments', 'receipts', status],
    queryFn: () => unwrap(teacher.receipts.$get({ query: { status } })),
    staleTime: 0,
  });

export type TInboxReceipt = InferResponseType<typeof teacher.receipts.$get, 200>['receipts'][number];

export const checkoutQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['payments', 'checkout', courseId],
    queryFn: () => unwrap(student.checkout[':courseId'].$get({ param: { courseId } })),
    staleTime: 0,
  });

export const transferOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['payments', 'order', orderId],
    queryFn: () => unwrap(student['transfer-orders'][':orderId'].$get({ param: { orderId } })),
    staleTime: 0,
  });

export type TStudentOrder = InferResponseType<(typeof student)['transfer-orders'][':orderId']['$get'], 200>;

export const transfersApi = {
  saveSettings: (json: TJson<(typeof teacher)['transfer-settings']['$put']>) => unwrap(teacher['transfer-settings'].$put({ json })),
  approve: (receiptId: string) => unwrap(teacher.receipts[':receiptId'].approve.$post({ param: { receiptId } })),
  reject: (receiptId: string, reason: string) => unwrap(teacher.receipts[':receiptId'].reject.$post({ param: { receiptId }, json: { reason } })),
  teacherFileUrl: (receiptId: string) => `/api${teacher.receipts[':receiptId'].file.$path({ param: { receiptId } })}`,
  createOrder: (json: TJson<(typeof student)['transfer-orders']['$post']>) => unwrap(student['transfer-orders'].$post({ json })),
  uploadReceipt: (orderId: string, file: File, onProgress?: (percent: number) => void) =>
    putFile<{ id: string; status: string }>(student.receipts[':orderId'].$path({ param: { orderId } }), file, onProgress),
  studentFileUrl: (receiptId: string) => `/api${student.receipts[':receiptId'].file.$path({ param: { receiptId } })}`,
};
