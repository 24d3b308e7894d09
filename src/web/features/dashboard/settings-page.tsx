import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardHeader } from '@web/components/ui/card';
import { GlobeIcon, MailIcon, ShieldIcon, SignOutIcon, SparkIcon, UserIcon } from '@web/components/ui/icons';
import { PageTitle } from '@web/components/ui/page-heading';
import { ColorForm } from './components/color-form';
import { EmailForm } from './components/email-form';
import { LanguageForm } from './components/language-form';
import { NameForm } from './components/name-form';
import { PasswordForm } from './components/password-form';
import { SignOutEverywhere } from './components/sign-out-everywhere';

function Section({ id, title, description, icon, children }: { id: string; title: string; description: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20">
      <CardHeader id={`${id}-title`} title={title} description={description} icon={icon} />
      {children}
    </Card>
  );
}

/**
 * Account settings: name, e-mail, password, language, colour, payments, and signing out everywhere. The
 * payments section comes from its own feature, passed in by the app's routes (features do not import each other).
 */
export function SettingsPage({ payments }: { payments?: ReactNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle title={t('common:pages.teacherSettings')} subtitle={t('settings.subtitle')} />
      <Section id="name" title={t('settings.name.title')} description={t('settings.name.description')} icon={<UserIcon />}>
        <NameForm />
      </Section>
      <Section id="email" title={t('settings.email.title')} description={t('settings.email.description')} icon={<MailIcon />}>
        <EmailForm />
      </Section>
      <Section id="password" title={t('settings.password.title')} description={t('settings.password.description')} icon={<ShieldIcon />}>
        <PasswordForm />
      </Section>
      <Section id="language" title={t('settings.language.title')} description={t('settings.language.description')} icon={<GlobeIcon />}>
        <LanguageForm labelledBy="language-title" />
      </Section>
      <Section id="color" title={t('settings.color.title')} description={t('settings.color.description')} icon={<SparkIcon />}>
        <ColorForm />
      </Section>
      {payments}
      <Section id="sessions" title={t('settings.sessions.title')} description={t('settings.sessions.description')} icon={<SignOutIcon />}>
        <SignOutEverywhere />
      </Section>
    </div>
  );
}
