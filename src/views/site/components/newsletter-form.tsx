import { useSite } from '@views/site/context';
import { SiteForm } from './forms';

export function NewsletterForm() {
  const { t } = useSite();
  return (
    <SiteForm form="newsletter" success={t('newsletter.success')} failure={t('newsletter.failure')} className="grid gap-2">
      <label htmlFor="newsletter-email" className="text-sm font-bold text-white">
        {t('newsletter.email')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          dir="ltr"
          aria-describedby="newsletter-email-error"
          className="min-w-0 flex-1 basis-48 rounded-lg border border-gray-600 bg-gray-800 px-3 py-2.5 text-white placeholder:text-gray-400 focus:border-primary-300 focus:outline-none focus:ring-2 focus:ring-primary-400"
        />
        <button type="submit" className="rounded-lg bg-primary-500 px-4 py-2.5 font-bold text-white hover:bg-primary-600 disabled:opacity-70">
          {t('newsletter.submit')}
        </button>
      </div>
      <p id="newsletter-email-error" data-error-for="email" className="text-sm font-medium text-red-300" hidden />
    </SiteForm>
  );
}
