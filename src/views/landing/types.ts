/** What every landing view receives besides the page: how to translate and where it is shown. */
export type TTranslate = (key: string, params?: Record<string, string | number>) => string;

export type TViewContext = {
  /** The landing namespace, in the visitor's language. */
  t: TTranslate;
  /** Spec §2.7 footer: on a teacher subdomain, or on the main domain (/landing/{id}). */
  host: 'subdomain' | 'main';
  /** Editor preview or embedded: no offline worker, no view counted. */
  preview: boolean;
  /** Where the course cards send a visitor to join the teacher's platform. */
  registerHref: string;
  /** After a contact form sent without script: the answer to show under the form. */
  contactStatus?: 'sent' | 'failed';
};
