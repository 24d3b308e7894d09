import type { TDocumentAssets } from './document';
import { PlatformShell, type TPlatformFrame } from './platform-frame';
import type { TTranslate } from './types';

export type TLessonPreview = {
  frame: TPlatformFrame;
  course: { title: string; href: string };
  lesson: { title: string; type: string; bodyHtml: string; url: string; file: { name: string; href: string; isPdf: boolean } | null };
  /** The app's protected player for a free preview video, played without an account (decision 075). */
  watchHref: string;
};

/** The lesson's content as a visitor may see it; a video opens in the protected player, no account needed. */
function Content({ preview, t }: { preview: TLessonPreview; t: TTranslate }) {
  const { lesson } = preview;
  if (lesson.type === 'video') {
    return (
      <div className="pf-note" data-testid="preview-video">
        <p>{t('preview.videoFree')}</p>
        <p className="pf-actions">
          <a href={preview.watchHref} className="lp-btn lp-btn--primary" data-testid="preview-video-watch">
            {t('preview.watchVideo')}
          </a>
        </p>
      </div>
    );
  }
  return (
    <>
      {/* Lesson HTML is sanitized on the server before it is stored (courses/lessons.ts). */}
      {lesson.bodyHtml && <div className="pf-lesson-body" dir="auto" data-testid="preview-body" dangerouslySetInnerHTML={{ __html: lesson.bodyHtml }} />}
      {lesson.type === 'link' && lesson.url && (
        <p className="pf-actions">
          <a href={lesson.url} target="_blank" rel="noopener noreferrer nofollow" className="lp-btn lp-btn--primary" data-testid="preview-link">
            {t('preview.openLink')}
          </a>
        </p>
      )}
      {lesson.file && (
        <p className="pf-actions">
          <a href={lesson.file.href} className="lp-btn lp-btn--primary" data-testid="preview-file" download={lesson.file.name}>
            {lesson.file.isPdf ? t('preview.downloadPdf') : t('preview.download')}
          </a>
        </p>
      )}
    </>
  );
}

/** A free preview lesson, open to anyone (issue 15, decision 068). */
export function LessonPreviewDocument({
  preview,
  lng,
  dir,
  t,
  assets,
}: {
  preview: TLessonPreview;
  lng: string;
  dir: 'rtl' | 'ltr';
  t: TTranslate;
  assets: TDocumentAssets;
}) {
  const title = t('preview.documentTitle', { lesson: preview.lesson.title, course: preview.course.title });
  const head = (
    <>
      <title>{title}</title>
      <meta name="robots" content="noindex" />
    </>
  );
  return (
    <PlatformShell frame={preview.frame} lng={lng} dir={dir} t={t} assets={assets} head={head} testId="lesson-preview">
      <article className="lp-card pf-stack">
        <p>
          <a href={preview.course.href} className="pf-crumb" dir="auto" data-testid="preview-back">
            {preview.course.title}
          </a>
        </p>
        <h1 className="pf-title" dir="auto" data-testid="preview-title">
          {preview.lesson.title}
        </h1>
        <p>
          <span className="pf-badge pf-badge--preview">{t('course.preview')}</span>
        </p>
        <Content preview={preview} t={t} />
        <div className="pf-note">
          <p>{t('preview.more')}</p>
          <p className="pf-actions">
            <a href={preview.course.href} className="lp-btn lp-btn--outline">
              {t('preview.backToCourse')}
            </a>
          </p>
        </div>
      </article>
    </PlatformShell>
  );
}
