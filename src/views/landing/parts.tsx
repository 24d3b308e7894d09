import type { ReactNode } from 'react';
import { isExternalUrl, isSafeImageUrl, isSafeLinkUrl } from '@shared/landing-url';
import { Icon } from './icons';

/**
 * An image that degrades to a placeholder: the frame keeps its size (no layout shift) and shows an
 * icon behind the picture, which the page script reveals when the image fails to load.
 */
export function LandingImage({
  src,
  alt,
  className = '',
  width,
  height,
  priority = false,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  width: number;
  height: number;
  priority?: boolean;
}) {
  const safe = isSafeImageUrl(src) ? src : null;
  return (
    <span className={`lp-img ${safe ? '' : 'lp-img--empty'} ${className}`}>
      <Icon name="image" className="lp-img__placeholder" />
      {safe && (
        <img
          src={safe}
          alt={alt}
          width={width}
          height={height}
          loading={priority ? 'eager' : 'lazy'}
          decoding={priority ? 'sync' : 'async'}
          fetchPriority={priority ? 'high' : undefined}
        />
      )}
    </span>
  );
}

/** A teacher-supplied link: unsafe schemes never reach the page, external ones open in a new tab. */
export function SafeLink({
  href,
  external,
  className,
  children,
  testId,
}: {
  href: string | undefined;
  external?: boolean;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  if (!href || !isSafeLinkUrl(href)) return <span className={className}>{children}</span>;
  const newTab = external ?? isExternalUrl(href);
  return (
    <a href={href} className={className} data-testid={testId} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}

export function SectionHeading({ title, subtitle, id }: { title: string; subtitle?: string; id: string }) {
  return (
    <header className="lp-section__head">
      <h2 id={id} className="lp-section__title" dir="auto">
        {title}
      </h2>
      {subtitle && (
        <p className="lp-section__subtitle" dir="auto">
          {subtitle}
        </p>
      )}
    </header>
  );
}
