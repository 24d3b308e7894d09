import { Field, inputClass, SiteForm, SubmitButton } from '@views/site/components/forms';
import { Rich } from '@views/site/components/marks';
import { Card, PageHero } from '@views/site/components/section';
import { useSite } from '@views/site/context';

/*
 * The newsletter's own pages (docs/decisions/046-newsletter-unsubscribe.md). A signed link opens a page
 * that asks for one click (a POST), so that a mail scanner following links changes nothing.
 */

export type TNewsletterAction = 'unsubscribe' | 'resubscribe';
export type TNewsletterState = { step: 'request' } | { step: 'invalid' } | { step: 'confirm'; email: string; token: string } | { step: 'done' };

/** Asks for the address and e-mails it the link that unsubscribes it. */
function RequestForm() {
  const { t } = useSite();
  return (
    <SiteForm form="unsubscribe" success={t('newsletterPage.unsubscribe.sent')} failure={t('newsletter.failure')} className="grid gap-4">
      <Field form="unsubscribe" name="email" label={t('newsletter.email')}>
        {(p) => <input {...p} name="email" type="email" autoComplete="email" required maxLength={254} dir="ltr" className={inputClass} />}
      </Field>
      <div>
        <SubmitButton label={t('newsletterPage.unsubscribe.submit')} />
      </div>
    </SiteForm>
  );
}

export function NewsletterPage({ action, state }: { action: TNewsletterAction; state: TNewsletterState }) {
  const { t } = useSite();
  const key = `newsletterPage.${action}`;
  return (
    <>
      <PageHero title={t(`${key}.title`)} intro={t(`${key}.intro`)} />
      <div id="unsubscribe" className="mx-auto max-w-xl scroll-mt-20 px-4 py-12" data-newsletter-step={state.step}>
        <Card>
          {state.step === 'confirm' && (
            <form method="post" action={action === 'unsubscribe' ? '/newsletter/unsubscribe' : '/newsletter/confirm'} className="grid gap-4">
              <p className="text-gray-800">
                <Rich text={t(`${key}.confirm`, { email: `<ltr>${state.email}</ltr>` })} />
              </p>
              <input type="hidden" name="token" value={state.token} />
              <div>
                <SubmitButton label={t(`${key}.button`)} />
              </div>
            </form>
          )}
          {state.step === 'done' && (
            <p role="status" className="font-medium text-green-800">
              {t(`${key}.done`)}
            </p>
          )}
          {state.step === 'invalid' && (
            <p role="alert" className="mb-4 font-medium text-red-700">
              {t('newsletterPage.invalid')}
            </p>
          )}
          {(state.step === 'request' || (state.step === 'invalid' && action === 'unsubscribe')) && <RequestForm />}
          {state.step === 'invalid' && action === 'resubscribe' && (
            <p className="text-gray-700">
              <a href="/#newsletter" className="font-bold text-primary-800 underline">
                {t('newsletterPage.resubscribe.again')}
              </a>
            </p>
          )}
        </Card>
      </div>
    </>
  );
}
