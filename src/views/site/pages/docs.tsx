import { Icon } from '@views/site/components/icons';
import { PageHero } from '@views/site/components/section';
import { useSite } from '@views/site/context';
import { DOC_GROUPS, DOC_SLUGS, DOCS_HOME, docPath } from '@views/site/docs-pages';

function DocsSidebar({ current }: { current?: string }) {
  const { t } = useSite();
  return (
    <nav aria-label={t('a11y.docsNav')} className="text-sm">
      <a href={DOCS_HOME} className="mb-4 block font-extrabold text-gray-900 hover:text-primary-800">
        {t('docs.home')}
      </a>
      {DOC_GROUPS.map((g) => (
        <div key={g.id} className="mb-5">
          <p className="mb-1 font-bold text-gray-500">{t(`docs:groups.${g.id}`)}</p>
          <ul>
            {g.slugs.map((slug) => (
              <li key={slug}>
                <a
                  href={docPath(slug)}
                  aria-current={slug === current ? 'page' : undefined}
                  className="block rounded-md px-2 py-1.5 text-gray-700 hover:bg-gray-100 aria-[current=page]:bg-primary-50 aria-[current=page]:font-bold aria-[current=page]:text-primary-800"
                >
                  {t(`docs:pages.${slug}.title`)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** /teacher-documentation: every section of the documentation with its pages. */
export function DocsHomePage() {
  const { t } = useSite();
  return (
    <>
      <PageHero title={t('meta.teacherDocumentation.title')} intro={t('docs.intro')} />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-12 md:grid-cols-2">
        {DOC_GROUPS.map((g) => (
          <section key={g.id} aria-labelledby={`docs-group-${g.id}`} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
            <h2 id={`docs-group-${g.id}`} className="text-xl font-extrabold text-gray-900">
              {t(`docs:groups.${g.id}`)}
            </h2>
            <ul className="mt-4 space-y-3">
              {g.slugs.map((slug) => (
                <li key={slug}>
                  <a href={docPath(slug)} className="group block">
                    <span className="font-bold text-primary-800 group-hover:underline">{t(`docs:pages.${slug}.title`)}</span>
                    <span className="block text-sm text-gray-600">{t(`docs:pages.${slug}.description`)}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}

/** One documentation page: its Markdown (rendered by the server from content/docs/{lng}/{slug}.md). */
export function DocPage({ slug, html }: { slug: string; html: string }) {
  const { t } = useSite();
  const index = DOC_SLUGS.indexOf(slug);
  const prev = DOC_SLUGS[index - 1];
  const next = DOC_SLUGS[index + 1];
  const group = DOC_GROUPS.find((g) => (g.slugs as readonly string[]).includes(slug));
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[16rem_1fr]">
      <details className="rounded-xl border border-gray-200 p-4 lg:hidden">
        <summary className="cursor-pointer font-bold">{t('a11y.docsNav')}</summary>
        <div className="mt-4">
          <DocsSidebar current={slug} />
        </div>
      </details>
      <aside className="hidden lg:block">
        <div className="sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto pe-2">
          <DocsSidebar current={slug} />
        </div>
      </aside>
      <article className="min-w-0">
        <nav aria-label={t('a11y.breadcrumb')} className="mb-4 text-sm text-gray-600">
          <ol className="flex flex-wrap gap-1">
            <li>
              <a href={DOCS_HOME} className="hover:underline">
                {t('docs.home')}
              </a>
            </li>
            {group && <li className="before:me-1 before:content-['/']">{t(`docs:groups.${group.id}`)}</li>}
          </ol>
        </nav>
        <h1 className="text-3xl font-extrabold text-gray-900 sm:text-4xl">{t(`docs:pages.${slug}.title`)}</h1>
        <p className="mt-3 text-lg text-gray-600">{t(`docs:pages.${slug}.description`)}</p>
        <div className="prose-docs mt-8" dangerouslySetInnerHTML={{ __html: html }} />
        <div className="mt-12 grid gap-4 border-t border-gray-200 pt-6 sm:grid-cols-2">
          {prev && (
            <a href={docPath(prev)} rel="prev" className="rounded-xl border border-gray-200 p-4 hover:border-primary-500">
              <span className="flex items-center gap-1 text-sm text-gray-600">
                <Icon name="arrowPrev" className="h-4 w-4" />
                {t('docs.previous')}
              </span>
              <span className="font-bold text-primary-800">{t(`docs:pages.${prev}.title`)}</span>
            </a>
          )}
          {next && (
            <a href={docPath(next)} rel="next" className="rounded-xl border border-gray-200 p-4 text-end hover:border-primary-500 sm:col-start-2">
              <span className="flex items-center justify-end gap-1 text-sm text-gray-600">
                {t('docs.next')}
                <Icon name="arrowNext" className="h-4 w-4" />
              </span>
              <span className="font-bold text-primary-800">{t(`docs:pages.${next}.title`)}</span>
            </a>
          )}
        </div>
        <p className="mt-10 rounded-xl bg-gray-50 p-4 text-gray-700">
          {t('docs.help')}{' '}
          <a href="/contact" className="font-bold text-primary-800 underline">
            {t('docs.helpLink')}
          </a>
        </p>
      </article>
    </div>
  );
}
