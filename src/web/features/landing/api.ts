import { queryOptions } from '@tanstack/react-query';
import type { TLandingPage, TLandingPageInput } from '@shared/schemas/landing';
import { api, unwrap } from '@web/lib/api';

export const landingKeys = {
  all: ['landing'] as const,
  list: ['landing', 'pages'] as const,
  allRequests: ['landing', 'contact-requests'] as const,
  page: (id: string) => ['landing', 'page', id] as const,
  requests: (filter: string) => [...landingKeys.allRequests, filter] as const,
};

export const pagesQuery = queryOptions({
  queryKey: landingKeys.list,
  queryFn: async () => (await unwrap(api.landing.pages.$get())).pages,
});

export const pageQuery = (id: string) =>
  queryOptions({
    queryKey: landingKeys.page(id),
    queryFn: async () => (await unwrap(api.landing.pages[':id'].$get({ param: { id } }))).page as TLandingPage,
    // The editor holds its own draft; a background refetch must not replace what the teacher types.
    staleTime: Infinity,
    refetchOnReconnect: false,
  });

export type TRequestsFilter = 'all' | 'open' | 'handled';

export const requestsQuery = (filter: TRequestsFilter) =>
  queryOptions({
    queryKey: landingKeys.requests(filter),
    queryFn: async () => (await unwrap(api.landing['contact-requests'].$get({ query: { filter } }))).requests,
  });

export const landingApi = {
  create: (title: string, template: 'starter' | 'blank') => unwrap(api.landing.pages.$post({ json: { title, template } })),
  save: (id: string, input: TLandingPageInput) => unwrap(api.landing.pages[':id'].$put({ param: { id }, json: input })),
  duplicate: (id: string) => unwrap(api.landing.pages[':id'].duplicate.$post({ param: { id } })),
  remove: (id: string) => unwrap(api.landing.pages[':id'].$delete({ param: { id } })),
  publish: (id: string) => unwrap(api.landing.pages[':id'].publish.$post({ param: { id } })),
  unpublish: (id: string) => unwrap(api.landing.pages[':id'].unpublish.$post({ param: { id } })),
  setMain: (id: string) => unwrap(api.landing.pages[':id'].main.$post({ param: { id } })),
  upload: (file: File, kind: string) => unwrap(api.landing.images.$post({ form: { file, kind } })),
  setHandled: (id: string, handled: boolean) => unwrap(api.landing['contact-requests'][':id'].$patch({ param: { id }, json: { handled } })),
};

/** The editable part of a page as the API returned it. */
export function toInput(page: TLandingPage): TLandingPageInput {
  const {
    id: _id,
    teacher_id: _t,
    is_published: _p,
    is_main: _m,
    views_count: _v,
    created_at: _c,
    updated_at: _u,
    published_at: _pa,
    has_draft: _hd,
    url: _url,
    teacher: _teacher,
    custom_slug,
    ...fields
  } = page;
  return { ...fields, custom_slug: custom_slug ?? '' };
}
