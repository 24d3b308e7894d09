import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ZLandingPageInput, type TLandingPage, type TLandingPageInput } from '@shared/schemas/landing';
import { useErrorText } from '@web/lib/api-errors';
import { Button, buttonClass } from '@web/components/ui/button';
import { QueryError } from '@web/components/ui/error-state';
import { ExternalLinkIcon } from '@web/components/ui/icons';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api-error';
import { notify } from '@web/lib/notify';
import { landingApi, landingKeys, pageQuery, toInput } from './api';
import { LeaveGuard } from './components/leave-guard';
import { announceHeroBackground, PreviewFrame } from './components/preview-frame';
import { SectionsOrder } from './components/sections-order';
import { clearDraft, readDraft, writeDraft } from './draft-storage';
import type { TEditorProps } from './editor-context';
import {
  AboutEditor,
  ContactActionsEditor,
  ContactFormEditor,
  CourseContentEditor,
  FaqEditor,
  FeaturesEditor,
  HeroEditor,
  HeroFeaturesEditor,
  PricingEditor,
  TestimonialsEditor,
} from './sections/section-editors';
import { NavbarEditor, PixelsEditor, SeoEditor, SlugEditor, ThemeEditor } from './sections/settings-editor';
import { StatusBadge } from './status-badge';

function Panel({ id, title, children, open = false }: { id: string; title: string; children: ReactNode; open?: boolean }) {
  return (
    <details className="group rounded-2xl border border-gray-200 bg-white shadow-sm" open={open} data-testid={`panel-${id}`}>
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 font-bold text-gray-900">
        <span>{title}</span>
        <span aria-hidden className="text-gray-400 transition-transform group-open:rotate-180">
          {'⌄'}
        </span>
      </summary>
      <div className="border-t border-gray-100 p-4">{children}</div>
    </details>
  );
}

/** Client check with the server's schema, so field errors show before any round trip. */
function useValidation() {
  const { t } = useTranslation();
  return (draft: TLandingPageInput): Record<string, string> => {
    const result = ZLandingPageInput.safeParse(draft);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) errors[issue.path.join('.') || '_'] ??= t(issue.message, { ns: 'errors', defaultValue: t('errors:fields.invalid') });
    return errors;
  };
}

/** The starter's texts about the teacher (server: landing/starter.ts SAMPLE_TEXT_KEYS), kept off the public page. */
const SAMPLE_KEYS = ['description', 'heroFeature1', 'heroFeature2', 'heroFeature3', 'aboutBio', 'highlight1', 'highlight2'];

/** Whether the draft still holds the starter's sample text as it was written (issue 24). */
function useHasSampleText(draft: TLandingPageInput): boolean {
  const { t } = useTranslation('landing');
  const samples = new Set(SAMPLE_KEYS.map((key) => t(`starter.${key}`)));
  const texts = [draft.description, ...draft.hero_features.map((f) => f.text), draft.about_me.bio, ...(draft.about_me.highlights ?? [])];
  return texts.some((text) => typeof text === 'string' && samples.has(text.trim()));
}

function Editor({ page }: { page: TLandingPage }) {
  const { t } = useTranslation('landing');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const validate = useValidation();
  const [base, setBase] = useState(() => toInput(page));
  const [initial] = useState(() => readDraft(page.id, toInput(page), page.updated_at));
  const [draft, setDraft] = useState<TLandingPageInput>(initial.fields);
  const [restored, setRestored] = useState(initial.restored);
  const stale = restored && initial.stale;
  const [status, setStatus] = useState({ published: page.is_published, main: page.is_main, url: page.url, updatedAt: page.updated_at, hasDraft: page.has_draft });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const frame = useRef<HTMLIFrameElement>(null);
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(base), [draft, base]);
  const hasSample = useHasSampleText(draft);

  // Spec §3 local overrides: every change is kept in this browser until it is saved.
  useEffect(() => {
    const timer = window.setTimeout(() => (dirty ? writeDraft(page.id, status.updatedAt, draft) : clearDraft(page.id)), 300);
    return () => window.clearTimeout(timer);
  }, [draft, dirty, page.id, status.updatedAt]);

  const accept = (saved: TLandingPage) => {
    queryClient.setQueryData(landingKeys.page(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: landingKeys.list });
    setStatus({ published: saved.is_published, main: saved.is_main, url: saved.url, updatedAt: saved.updated_at, hasDraft: saved.has_draft });
  };

  const save = useMutation({
    mutationFn: () => landingApi.save(page.id, draft),
    onSuccess: ({ page: saved }) => {
      const input = toInput(saved as TLandingPage);
      setBase(input);
      setDraft(input);
      clearDraft(page.id);
      setRestored(false);
      setErrors({});
      accept(saved as TLandingPage);
      notify.success(t(saved.has_draft ? 'editor.savedDraft' : 'editor.saved'));
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      notify.error(errorText(error));
    },
  });
  const publish = useMutation({
    mutationFn: (publishIt: boolean) => (publishIt ? landingApi.publish(page.id) : landingApi.unpublish(page.id)),
    onSuccess: ({ page: saved }) => {
      accept(saved as TLandingPage);
      notify.success(saved.is_published ? t('list.publishedToast') : t('list.unpublishedToast'));
    },
    onError: (error) => notify.error(errorText(error)),
  });

  const onSave = () => {
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notify.error(t('editor.fixErrors'));
      return;
    }
    save.mutate();
  };

  const props: TEditorProps = {
    draft,
    set: (key, value) => setDraft((d) => ({ ...d, [key]: value })),
    err: (path) => errors[path],
  };
  const subdomainUrl = page.url.replace(/\/[^/]*$/, '');

  return (
    <div className="space-y-4">
      <LeaveGuard dirty={dirty} />
      <PageTitle title={t('editor.pageTitle', { title: base.title })} heading={base.title}>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge published={status.published} main={status.main} />
          {status.published && (
            <a href={status.url} target="_blank" rel="noopener noreferrer" className={buttonClass('ghost', 'sm')} data-testid="editor-view-live">
              {t('list.view')}
              <ExternalLinkIcon className="h-4 w-4" />
            </a>
          )}
          {status.published && status.hasDraft && (
            <Button onClick={() => publish.mutate(true)} busy={publish.isPending && publish.variables} disabled={dirty || publish.isPending} data-testid="editor-publish-draft" title={dirty ? t('editor.saveFirst') : undefined}>
              {t('editor.publishDraft')}
            </Button>
          )}
          <Button
            variant="secondary"
            onClick={() => publish.mutate(!status.published)}
            busy={publish.isPending && publish.variables === !status.published}
            disabled={dirty || publish.isPending}
            data-testid="editor-publish"
            title={dirty ? t('editor.saveFirst') : undefined}
          >
            {status.published ? t('list.unpublish') : t('list.publish')}
          </Button>
          <Button onClick={onSave} busy={save.isPending} disabled={!dirty} data-testid="editor-save">
            {t('editor.save')}
          </Button>
        </div>
      </PageTitle>
      {hasSample && (
        <Notice tone="info" testId="editor-sample-text">
          {t('editor.sampleText')}
        </Notice>
      )}
      {status.published && status.hasDraft && !dirty && (
        <Notice tone="info" testId="editor-draft-pending">
          {t('editor.draftPending')}
        </Notice>
      )}
      {dirty && (
        <p className="text-sm text-amber-800" role="status" data-testid="editor-dirty">
          {t('editor.unsaved')}
        </p>
      )}
      {restored && (
        <Notice tone={stale ? 'error' : 'info'} testId="draft-restored">
          <span>{t(stale ? 'editor.draftStale' : 'editor.draftRestored')}</span>{' '}
          <button
            type="button"
            className="font-bold underline"
            onClick={() => {
              setDraft(base);
              clearDraft(page.id);
              setRestored(false);
            }}
            data-testid="draft-discard"
          >
            {t('editor.discardDraft')}
          </button>
        </Notice>
      )}
      {Object.keys(errors).length > 0 && (
        <Notice tone="error" testId="editor-errors">
          {t('editor.fixErrors')}
        </Notice>
      )}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-3">
          <Panel id="sections" title={t('editor.panels.sections')} open>
            <SectionsOrder value={draft.sections_config} onChange={(v) => props.set('sections_config', v)} />
          </Panel>
          <Panel id="hero" title={t('editor.sectionNames.hero')}>
            <HeroEditor {...props} onBackground={(bg) => announceHeroBackground(frame, page.id, bg)} />
            <h3 className="mb-2 mt-6 text-sm font-bold text-gray-800">{t('editor.panels.heroFeatures')}</h3>
            <HeroFeaturesEditor {...props} />
          </Panel>
          <Panel id="features" title={t('editor.sectionNames.features')}>
            <FeaturesEditor {...props} />
          </Panel>
          <Panel id="about-me" title={t('editor.sectionNames.about-me')}>
            <AboutEditor {...props} />
          </Panel>
          <Panel id="course-content" title={t('editor.sectionNames.course-content')}>
            <CourseContentEditor {...props} />
          </Panel>
          <Panel id="pricing" title={t('editor.sectionNames.pricing')}>
            <PricingEditor {...props} />
          </Panel>
          <Panel id="testimonials" title={t('editor.sectionNames.testimonials')}>
            <TestimonialsEditor {...props} />
          </Panel>
          <Panel id="faq" title={t('editor.sectionNames.faq')}>
            <FaqEditor {...props} />
          </Panel>
          <Panel id="contact-actions" title={t('editor.sectionNames.contact-actions')}>
            <ContactActionsEditor {...props} />
          </Panel>
          <Panel id="contact-form" title={t('editor.sectionNames.contact-form')}>
            <ContactFormEditor {...props} />
          </Panel>
          <Panel id="theme" title={t('editor.panels.theme')}>
            <ThemeEditor {...props} />
          </Panel>
          <Panel id="navbar" title={t('editor.panels.navbar')}>
            <NavbarEditor {...props} />
          </Panel>
          <Panel id="seo" title={t('editor.panels.seo')}>
            <SeoEditor {...props} />
          </Panel>
          <Panel id="pixels" title={t('editor.panels.pixels')}>
            <PixelsEditor {...props} />
          </Panel>
          <Panel id="slug" title={t('editor.panels.slug')}>
            <SlugEditor {...props} subdomainUrl={subdomainUrl} />
          </Panel>
        </div>
        <div className="min-w-0 lg:sticky lg:top-4 lg:self-start">
          <PreviewFrame pageId={page.id} draft={draft} frameRef={frame} />
        </div>
      </div>
    </div>
  );
}

/** /dashboard/landing-pages/{id}: every section, the page settings and a live preview. */
export function LandingEditorPage() {
  const { t } = useTranslation('landing');
  const { id = '' } = useParams();
  const query = useQuery(pageQuery(id));
  if (query.isPending) {
    return (
      <LoadingBlock label={t('list.loading')} blocks={['h-10 w-1/2', 'h-64']} />
    );
  }
  if (query.isError) {
    return (
      <div className="space-y-4">
        <QueryError query={query} />
        <Link to="/dashboard/landing-pages" className={buttonClass('secondary')}>
          {t('editor.backToList')}
        </Link>
      </div>
    );
  }
  return <Editor key={query.data.id} page={query.data} />;
}
