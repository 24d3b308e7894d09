import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZLandingPageInput, type TLandingPage, type TLandingPageInput } from '@shared/schemas/landing';
import { useErrorText } from '@web/lib/api-errors';
import { notify } from '@web/lib/notify';
import { landingApi, landingKeys } from './api';
import { clearDraft, writeDraft } from './draft-storage';

/** Client check with the server's schema, so field errors show before any round trip. */
export function useValidation() {
  const { t } = useTranslation();
  return (draft: TLandingPageInput): Record<string, string> => {
    const result = ZLandingPageInput.safeParse(draft);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues)
      errors[issue.path.join('.') || '_'] ??= t(issue.message, { ns: 'errors', defaultValue: t('errors:fields.invalid') });
    return errors;
  };
}

/** The starter's texts about the teacher (server: landing/starter.ts SAMPLE_TEXT_KEYS), kept off the public page. */
const SAMPLE_KEYS = ['description', 'heroFeature1', 'heroFeature2', 'heroFeature3', 'aboutBio', 'highlight1', 'highlight2'];

/** Whether the draft still holds the starter's sample text as it was written (issue 24). */
export function useHasSampleText(draft: TLandingPageInput): boolean {
  const { t } = useTranslation('landing');
  const samples = new Set(SAMPLE_KEYS.map((key) => t(`starter.${key}`)));
  const texts = [draft.description, ...draft.hero_features.map((f) => f.text), draft.about_me.bio, ...(draft.about_me.highlights ?? [])];
  return texts.some((text) => typeof text === 'string' && samples.has(text.trim()));
}

/** Spec §3 local overrides: every change is kept in this browser until it is saved. */
export function useLocalDraft(pageId: string, updatedAt: string, draft: TLandingPageInput, dirty: boolean) {
  useEffect(() => {
    const timer = window.setTimeout(() => (dirty ? writeDraft(pageId, updatedAt, draft) : clearDraft(pageId)), 300);
    return () => window.clearTimeout(timer);
  }, [draft, dirty, pageId, updatedAt]);
}

export type TStatus = { published: boolean; main: boolean; url: string; updatedAt: string; hasDraft: boolean };

/** Whether and where the page is live, kept from each answer of the server; publishing and unpublishing. */
export function usePageStatus(page: TLandingPage) {
  const { t } = useTranslation('landing');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [status, setStatus] = useState({
    published: page.is_published,
    main: page.is_main,
    url: page.url,
    updatedAt: page.updated_at,
    hasDraft: page.has_draft,
  });
  const accept = (saved: TLandingPage) => {
    queryClient.setQueryData(landingKeys.page(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: landingKeys.list });
    setStatus({ published: saved.is_published, main: saved.is_main, url: saved.url, updatedAt: saved.updated_at, hasDraft: saved.has_draft });
  };

  const publish = useMutation({
    mutationFn: (publishIt: boolean) => (publishIt ? landingApi.publish(page.id) : landingApi.unpublish(page.id)),
    onSuccess: ({ page: saved }) => {
      accept(saved as TLandingPage);
      notify.success(saved.is_published ? t('list.publishedToast') : t('list.unpublishedToast'));
    },
    onError: (error) => notify.error(errorText(error)),
  });
  return { status, accept, publish };
}
