import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type TLandingPage, type TLandingPageInput } from '@shared/schemas/landing';
import { useErrorText } from '@web/lib/api-errors';
import { Button, buttonClass } from '@web/components/ui/button';
import { QueryError } from '@web/components/ui/error-state';
import { ExternalLinkIcon } from '@web/components/ui/icons';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api-error';
import { notify } from '@web/lib/notify';
import { landingApi, pageQuery, toInput } from './api';
import { LeaveGuard } from './components/leave-guard';
import { announceHeroBackground, PreviewFrame } from './components/preview-frame';
import { SectionsOrder } from './components/sections-order';
import { clearDraft, readDraft } from './draft-storage';
import { useHasSampleText, useLocalDraft, usePageStatus, useValidation, type TStatus } from './editor-state';
import type { TEditorProps } from './editor-context';
import { ContactActionsEditor, ContactFormEditor } from './sections/contact-editors';
import { HeroEditor, HeroFeaturesEditor } from './sections/hero-editors';
import { AboutEditor, CourseContentEditor, FaqEditor, FeaturesEditor, PricingEditor, TestimonialsEditor } from './sections/section-editors';
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

function EditorActions(props: {
  status: TStatus;
  dirty: boolean;
  publish: { mutate: (publishIt: boolean) => void; isPending: boolean; variables: boolean | undefined };
  onSave: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation('landing');
  const { status, dirty, publish, onSave, saving } = props;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <StatusBadge published={status.published} main={status.main} />
      {status.published && (
        <a href={status.url} target="_blank" rel="noopener noreferrer" className={buttonClass('ghost', 'sm')} data-testid="editor-view-live">
          {t('list.view')}
          <ExternalLinkIcon className="h-4 w-4" />
        </a>
      )}
      {status.published && status.hasDraft && (
        <Button
          onClick={() => publish.mutate(true)}
          busy={publish.isPending && publish.variables}
          disabled={dirty || publish.isPending}
          data-testid="editor-publish-draft"
          title={dirty ? t('editor.saveFirst') : undefined}
        >
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
      <Button onClick={onSave} busy={saving} disabled={!dirty} data-testid="editor-save">
        {t('editor.save')}
      </Button>
    </div>
  );
}

function EditorNotices(props: {
  hasSample: boolean;
  draftPending: boolean;
  dirty: boolean;
  restored: { stale: boolean } | null;
  onDiscard: () => void;
  hasErrors: boolean;
}) {
  const { t } = useTranslation('landing');
  const { hasSample, draftPending, dirty, restored, onDiscard, hasErrors } = props;
  return (
    <>
      {hasSample && (
        <Notice tone="info" testId="editor-sample-text">
          {t('editor.sampleText')}
        </Notice>
      )}
      {draftPending && (
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
        <Notice tone={restored.stale ? 'error' : 'info'} testId="draft-restored">
          <span>{t(restored.stale ? 'editor.draftStale' : 'editor.draftRestored')}</span>{' '}
          <button type="button" className="font-bold underline" onClick={onDiscard} data-testid="draft-discard">
            {t('editor.discardDraft')}
          </button>
        </Notice>
      )}
      {hasErrors && (
        <Notice tone="error" testId="editor-errors">
          {t('editor.fixErrors')}
        </Notice>
      )}
    </>
  );
}

function EditorPanels({
  props,
  frame,
  pageId,
  subdomainUrl,
}: {
  props: TEditorProps;
  frame: RefObject<HTMLIFrameElement | null>;
  pageId: string;
  subdomainUrl: string;
}) {
  const { t } = useTranslation('landing');
  return (
    <div className="min-w-0 space-y-3">
      <Panel id="sections" title={t('editor.panels.sections')} open>
        <SectionsOrder value={props.draft.sections_config} onChange={(v) => props.set('sections_config', v)} />
      </Panel>
      <Panel id="hero" title={t('editor.sectionNames.hero')}>
        <HeroEditor {...props} onBackground={(bg) => announceHeroBackground(frame, pageId, bg)} />
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
  );
}

function Editor({ page }: { page: TLandingPage }) {
  const { t } = useTranslation('landing');
  const errorText = useErrorText();
  const validate = useValidation();
  const [base, setBase] = useState(() => toInput(page));
  const [initial] = useState(() => readDraft(page.id, toInput(page), page.updated_at));
  const [draft, setDraft] = useState<TLandingPageInput>(initial.fields);
  const [restored, setRestored] = useState(initial.restored);
  const stale = restored && initial.stale;
  const { status, accept, publish } = usePageStatus(page);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const frame = useRef<HTMLIFrameElement>(null);
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(base), [draft, base]);
  const hasSample = useHasSampleText(draft);

  useLocalDraft(page.id, status.updatedAt, draft, dirty);

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

  return (
    <div className="space-y-4">
      <LeaveGuard dirty={dirty} />
      <PageTitle title={t('editor.pageTitle', { title: base.title })} heading={base.title}>
        <EditorActions status={status} dirty={dirty} publish={publish} onSave={onSave} saving={save.isPending} />
      </PageTitle>
      <EditorNotices
        hasSample={hasSample}
        draftPending={status.published && status.hasDraft && !dirty}
        dirty={dirty}
        restored={restored ? { stale } : null}
        onDiscard={() => {
          setDraft(base);
          clearDraft(page.id);
          setRestored(false);
        }}
        hasErrors={Object.keys(errors).length > 0}
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <EditorPanels props={props} frame={frame} pageId={page.id} subdomainUrl={page.url.replace(/\/[^/]*$/, '')} />
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
    return <LoadingBlock label={t('list.loading')} blocks={['h-10 w-1/2', 'h-64']} />;
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
