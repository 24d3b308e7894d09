import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { teacherContactQuery } from '@web/features/learning/api';

const LINK = 'inline-flex items-center gap-1 rounded-lg border border-gray-200 px-3 py-2 text-sm font-medium text-primary-700 hover:bg-gray-50';

/**
 * "Buy a card from your teacher" with a way to reach them: phone, WhatsApp, e-mail, whichever the teacher
 * chose to show. Without any, the student is told to ask the teacher in class.
 */
export function TeacherContact({ subdomain }: { subdomain: string }) {
  const { t } = useTranslation('courses');
  const profile = useQuery(teacherContactQuery(subdomain));
  if (!profile.data) return null;
  const { name, contact } = profile.data;
  const none = !contact.phone && !contact.whatsapp && !contact.email;
  return (
    <div className="mb-4 rounded-lg bg-gray-50 p-3" data-testid="teacher-contact">
      <p className="text-sm font-bold text-gray-800">{t('learn.contactTitle', { name })}</p>
      {none ? (
        <p className="mt-1 text-sm text-gray-600">{t('learn.contactNone')}</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {contact.phone ? (
            <li>
              <a href={`tel:${contact.phone}`} className={LINK} data-testid="contact-phone">
                {t('learn.contactPhone')} <bdi dir="ltr">{contact.phone}</bdi>
              </a>
            </li>
          ) : null}
          {contact.whatsapp ? (
            <li>
              <a href={contact.whatsapp} target="_blank" rel="noopener noreferrer" className={LINK} data-testid="contact-whatsapp">
                {t('learn.contactWhatsapp')}
              </a>
            </li>
          ) : null}
          {contact.email ? (
            <li>
              <a href={`mailto:${contact.email}`} className={LINK} data-testid="contact-email">
                {t('learn.contactEmail')} <bdi dir="ltr">{contact.email}</bdi>
              </a>
            </li>
          ) : null}
        </ul>
      )}
    </div>
  );
}
