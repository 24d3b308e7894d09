import type { TLanguage } from './i18n';

/*
 * What Darsi does today and what it does not do yet: the one list behind every "coming soon" mark
 * (decisions 048 and 120). The public site's badges (site.json `"soon": "<id>"`), its roadmap, the
 * dashboard's menu and the help pages follow it, and tests/integration/feature-marks.test.ts renders
 * them and checks each mark and each mention against it. When a feature lands, change its status here.
 */
export type TFeatureStatus = 'completed' | 'inProgress' | 'upcoming' | 'planned';

type TFeature = {
  status: TFeatureStatus;
  /** On the public roadmap page (site.json roadmap.categories has its texts). */
  roadmap: boolean;
  /**
   * How a page names the feature while it does not exist yet, per language: a text that matches must
   * carry a "coming soon" mark or say it is coming. Built features need none.
   */
  mentions?: Record<TLanguage, RegExp>;
};

export const FEATURES = {
  accounts: { status: 'completed', roadmap: true },
  languages: { status: 'completed', roadmap: true },
  courses: { status: 'completed', roadmap: true },
  activationCodes: { status: 'completed', roadmap: true },
  printedCards: { status: 'completed', roadmap: false },
  protectedVideo: { status: 'completed', roadmap: true },
  subscriptions: { status: 'completed', roadmap: true },
  liveSessions: { status: 'completed', roadmap: true },
  studentGroups: { status: 'completed', roadmap: false },
  certificates: { status: 'completed', roadmap: false },
  /** Drafts with a preview and sample text in the starter template are being finished (issue 24). */
  landingEditor: { status: 'inProgress', roadmap: true },
  /** Card payments (Chargily) for courses and for Darsi's plans. */
  onlinePayments: { status: 'completed', roadmap: true },
  /** CCP, BaridiMob and bank transfers with a receipt the teacher (or, for plans, an admin) approves. */
  transfers: { status: 'completed', roadmap: false },
  revenue: { status: 'completed', roadmap: false },

  /** Quizzes and BAC-style exams: exercises with points, maths checked, mock exams, offline answers (issue 25). */
  exams: { status: 'completed', roadmap: true },
  /** Messages to students, broadcasts, notifications in the app, by e-mail and by web push (issue 26). */
  messages: {
    status: 'completed',
    roadmap: true,
    mentions: {
      en: /messaging students|messages (and broadcasts )?to students|broadcast|\bnotifications\b(?! by e-mail)/i,
      fr: /messagerie intégrée|écrire aux élèves|messages et diffusions|annonce à tous|\bnotifications\b(?! par e-mail)/i,
      ar: /مراسلة الطلاب|الإعلانات الجماعية|الإشعارات/,
    },
  },
  /** The dashboard's suggestions box (the roadmap's feedback form already works). */
  feedback: {
    status: 'completed',
    roadmap: false,
    mentions: { en: /\bSuggestions:/, fr: /\bSuggestions\s?:/, ar: /الاقتراحات:/ },
  },
  /** Analytics and reports (issue 27): funnel, activity, completion and stops, video, codes, revenue; quiz statistics once quizzes exist. */
  reports: {
    status: 'completed',
    roadmap: true,
    mentions: { en: /(?<!Google )analytics/i, fr: /statistiques|analyses/i, ar: /تحليلات|إحصائيات/ },
  },
  /** Teaching staff (issue 28): assistants, content editors, live hosts and owners, seats by plan. */
  assistants: { status: 'completed', roadmap: true },
  /** Lessons downloaded in the installed app with a device-bound licence (issue 30). */
  offlineVideo: {
    status: 'completed',
    roadmap: false,
    mentions: { en: /offline/i, fr: /hors[ -]ligne/i, ar: /دون اتصال|بلا اتصال|دون إنترنت/ },
  },
  expiryReminders: {
    status: 'planned',
    roadmap: true,
    mentions: {
      en: /reminders? before expiry|expiry reminders?/i,
      fr: /rappels? (avant|d[’']expiration|d[’']échéance)/i,
      ar: /تذكير(ات)? (انتهاء|قبل الانتهاء)|التذكير قبل الانتهاء/,
    },
  },
  multiCurrency: { status: 'planned', roadmap: true, mentions: { en: /multi-currency/i, fr: /multidevise/i, ar: /متعددة العملات/ } },
  customApi: {
    status: 'planned',
    roadmap: true,
    mentions: { en: /custom API|\bthe API\b/i, fr: /API personnalisée|\bl’API\b/i, ar: /واجهة برمجية|الواجهة البرمجية/ },
  },
  mobileApps: { status: 'planned', roadmap: true, mentions: { en: /mobile apps?\b/i, fr: /applications? mobiles?/i, ar: /تطبيقات الهاتف|تطبيق الهاتف/ } },
} as const satisfies Record<string, TFeature>;

export type TFeatureId = keyof typeof FEATURES;

export function featureStatus(id: string): TFeatureStatus | undefined {
  return Object.hasOwn(FEATURES, id) ? FEATURES[id as TFeatureId].status : undefined;
}

/** Not usable today: upcoming or planned. */
export function isComingSoon(id: string | undefined): boolean {
  const status = id ? featureStatus(id) : undefined;
  return status === 'upcoming' || status === 'planned';
}

/** The features a text names that do not exist yet. */
export function unbuiltMentions(text: string, lng: TLanguage): TFeatureId[] {
  return (Object.keys(FEATURES) as TFeatureId[]).filter((id) => {
    const f: TFeature = FEATURES[id];
    return isComingSoon(id) && f.mentions?.[lng].test(text);
  });
}
