import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type TJson } from '@web/lib/api';

/** Darsi's own plan (issue 13): the billing page, paying and cancelling. 'all' also covers the layout's banner. */
export const billingKeys = { all: ['teacher', 'billing'] as const, overview: ['teacher', 'billing', 'overview'] as const };

const fetchBilling = () => unwrap(api.billing.teacher.overview.$get());
export type TBillingOverview = Awaited<ReturnType<typeof fetchBilling>>;

export const billingQuery = queryOptions({ queryKey: billingKeys.overview, queryFn: fetchBilling });

export const billingApi = {
  createInvoice: (json: TJson<typeof api.billing.teacher.invoices.$post>) => unwrap(api.billing.teacher.invoices.$post({ json })),
  refresh: (id: string) => unwrap(api.billing.teacher.invoices[':id'].refresh.$post({ param: { id } })),
  uploadReceipt: (id: string, file: File) => unwrap(api.billing.teacher.invoices[':id'].receipt.$post({ param: { id }, form: { file } })),
  cancel: () => unwrap(api.billing.teacher.cancel.$post()),
  reactivate: () => unwrap(api.billing.teacher.reactivate.$post()),
};
