/*
 * The viewer's stylesheet, inlined into each page: one response paints the whole page, with no
 * render-blocking request. Logical properties only, so the same rules serve Arabic (RTL) and LTR.
 * Theme colours arrive as --lp-primary / --lp-secondary on <body>.
 */
const FONT_RANGES = {
  arabic: 'U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC',
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
};

/** `optional`: the font is used when it arrives in time, otherwise the fallback stays (no late reflow). */
const fontFaces = (['arabic', 'latin'] as const)
  .flatMap((range) =>
    [400, 700].map(
      (weight) =>
        `@font-face{font-family:Tajawal;font-style:normal;font-display:optional;font-weight:${weight};src:url(/landing-assets/fonts/tajawal-${range}-${weight}-normal.woff2) format("woff2");unicode-range:${FONT_RANGES[range]}}`,
    ),
  )
  .join('');

const RULES = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;scroll-behavior:smooth;scroll-padding-block-start:4.5rem}
body{margin:0;font-family:Tajawal,"Noto Sans Arabic","Segoe UI",Tahoma,system-ui,sans-serif;line-height:1.7;color:#1f2937;background:#fff;--lp-primary:#2563eb;--lp-secondary:#0f766e}
img{max-width:100%;display:block}
h1,h2,h3,p{margin:0}
ul,ol{margin:0;padding:0;list-style:none}
a{color:inherit}
button,input,textarea{font:inherit}
:focus-visible{outline:3px solid var(--lp-primary);outline-offset:2px}
.lp-skip{position:absolute;inset-inline-start:1rem;inset-block-start:-4rem;z-index:60;background:#111827;color:#fff;padding:.5rem 1rem;border-radius:.5rem}
.lp-skip:focus{inset-block-start:1rem}
.lp-container{max-width:72rem;margin-inline:auto;padding-inline:1rem}
.lp-narrow{max-width:48rem}
.lp-icon{width:1.25rem;height:1.25rem;flex-shrink:0}
.lp-btn{display:inline-flex;text-align:center;overflow-wrap:anywhere;align-items:center;justify-content:center;gap:.5rem;min-height:2.75rem;padding:.5rem 1.25rem;border-radius:.75rem;font-weight:700;text-decoration:none;border:2px solid transparent;cursor:pointer;transition:background-color .15s,color .15s}
.lp-btn--sm{min-height:2.5rem;padding:.25rem .9rem;font-size:.9rem}
.lp-btn--primary{background:var(--lp-primary);color:#fff}
.lp-btn--primary:hover{filter:brightness(.92)}
.lp-btn--outline{border-color:var(--lp-primary);color:var(--lp-primary);background:#fff}
.lp-btn--light{background:#fff;color:#111827}
.lp-btn--ghost{border-color:rgba(255,255,255,.85);color:#fff}
.lp-nav{position:sticky;inset-block-start:0;z-index:40;background:rgba(255,255,255,.97);border-block-end:1px solid #e5e7eb}
.lp-nav__bar{display:flex;align-items:center;gap:1rem;min-height:4rem}
.lp-brand{display:flex;align-items:center;gap:.5rem;font-weight:800;text-decoration:none;color:#111827;min-width:0;margin-inline-end:auto}
.lp-brand__name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;max-width:14rem}
.lp-brand__icon{width:2rem;height:2rem;color:var(--lp-primary)}
.lp-brand__logo{width:2.5rem;height:2.5rem;border-radius:.5rem}
.lp-brand__logo img{width:100%;height:100%;object-fit:contain}
.lp-nav__desktop{display:none}
.lp-nav__links{display:flex;gap:.125rem;flex-wrap:nowrap}
.lp-nav__link{display:block;padding:.4rem .55rem;border-radius:.5rem;text-decoration:none;color:#374151;font-weight:500;white-space:nowrap}
.lp-nav__link:hover,.lp-nav__link[aria-current="true"]{color:var(--lp-primary);background:#f3f4f6}
.lp-nav__auth{display:flex;gap:.5rem;flex-wrap:wrap}
.lp-nav__desktop .lp-nav__auth{flex-wrap:nowrap}
.lp-nav__auth .lp-btn{white-space:nowrap}
.lp-menu{position:static}
.lp-menu__toggle{list-style:none;display:flex;align-items:center;justify-content:center;width:2.75rem;height:2.75rem;border-radius:.75rem;border:1px solid #d1d5db;cursor:pointer;color:#111827}
.lp-menu__toggle::-webkit-details-marker{display:none}
.lp-menu__panel{position:absolute;inset-inline:0;inset-block-start:100%;background:#fff;border-block-end:1px solid #e5e7eb;padding:1rem;box-shadow:0 12px 24px rgba(0,0,0,.08);max-height:calc(100vh - 4rem);overflow-y:auto}
.lp-menu__links{display:grid;gap:.25rem;margin-block-end:1rem}
.lp-menu__links .lp-nav__link{padding:.7rem .75rem}
@media (min-width:1180px){.lp-nav__desktop{display:block}.lp-menu{display:none}}
.lp-hero{color:#fff;padding-block:4rem 4.5rem;background-color:var(--lp-primary)}
.lp-hero__grid{display:grid;gap:2rem;align-items:center}
@media (min-width:900px){.lp-hero__grid{grid-template-columns:1.2fr 1fr}}
.lp-hero__title{font-size:clamp(2rem,6vw,3.25rem);line-height:1.25;font-weight:800;overflow-wrap:anywhere}
.lp-hero__subtitle{margin-block-start:1rem;font-size:1.25rem;font-weight:700;opacity:.95;overflow-wrap:anywhere}
.lp-hero__description{margin-block-start:.75rem;font-size:1.05rem;opacity:.92;max-width:40rem;overflow-wrap:anywhere}
.lp-hero__actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-block-start:1.75rem}
.lp-hero__features{display:flex;flex-wrap:wrap;gap:.5rem;margin-block-start:1.75rem}
.lp-hero__features li{display:flex;align-items:center;gap:.4rem;background:rgba(255,255,255,.16);border-radius:999px;padding:.35rem .85rem;font-size:.95rem}
.lp-hero__image{border-radius:1.25rem;overflow:hidden;aspect-ratio:4/3;box-shadow:0 20px 40px rgba(0,0,0,.2)}
.lp-section{padding-block:4rem}
.lp-section--alt{background:#f9fafb}
.lp-section__head{text-align:center;margin-block-end:2.5rem}
.lp-section__title{font-size:clamp(1.6rem,4vw,2.25rem);font-weight:800;color:#111827}
.lp-section__subtitle{margin-block-start:.5rem;color:#4b5563}
.lp-grid{display:grid;gap:1.25rem}
@media (min-width:640px){.lp-grid--3{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media (min-width:1024px){.lp-grid--3{grid-template-columns:repeat(3,minmax(0,1fr))}}
.lp-card{background:#fff;border:1px solid #e5e7eb;border-radius:1rem;padding:1.5rem;min-width:0;overflow-wrap:anywhere}
.lp-card__title{font-size:1.15rem;font-weight:700;color:#111827}
.lp-card__text{margin-block-start:.5rem;color:#4b5563;white-space:pre-line}
.lp-feature__icon{display:inline-flex;padding:.75rem;border-radius:.9rem;background:color-mix(in srgb,var(--lp-primary) 12%,#fff);color:var(--lp-primary);margin-block-end:1rem}
.lp-feature__icon .lp-icon{width:1.6rem;height:1.6rem}
.lp-about{display:grid;gap:2rem;align-items:center}
@media (min-width:800px){.lp-about{grid-template-columns:18rem 1fr}}
.lp-about .lp-section__head{text-align:start;margin-block-end:1rem}
.lp-about__photo{width:16rem;max-width:100%;aspect-ratio:1;border-radius:50%;overflow:hidden;margin-inline:auto}
.lp-about__bio{color:#374151;white-space:pre-line;overflow-wrap:anywhere}
.lp-checklist{display:grid;gap:.5rem;margin-block-start:1rem}
.lp-checklist li{display:flex;gap:.5rem;align-items:flex-start}
.lp-checklist .lp-icon{color:var(--lp-secondary);margin-block-start:.3rem}
.lp-outline{display:grid;gap:1rem;margin-block-end:2rem}
.lp-outline__item{display:flex;gap:1rem;align-items:flex-start}
.lp-outline__number{flex-shrink:0;width:2.5rem;height:2.5rem;border-radius:50%;display:flex;align-items:center;justify-content:center;background:var(--lp-primary);color:#fff;font-weight:800}
.lp-outline__meta{display:flex;gap:1rem;margin-block-start:.5rem;color:#6b7280;font-size:.9rem}
.lp-course{display:flex;flex-direction:column}
.lp-course__cta{margin-block-start:1rem;width:100%}
.lp-course__cover{aspect-ratio:16/9;border-radius:.75rem;overflow:hidden;margin-block-end:1rem}
.lp-course__meta{display:flex;justify-content:space-between;align-items:center;gap:.5rem;margin-block-start:auto;padding-block-start:1rem;color:#374151}
.lp-course__meta span{display:flex;gap:.35rem;align-items:center}
.lp-course__tags{display:flex;flex-wrap:wrap;gap:.4rem;margin-block-end:.5rem}
.lp-tag{display:inline-block;border-radius:999px;padding:.1rem .7rem;font-size:.8rem;font-weight:700;background:#eef2ff;color:#3730a3}
.lp-tag--free{background:#dcfce7;color:#166534}
.lp-course__plans{list-style:none;margin:0;margin-block-start:.75rem;padding:0;display:grid;gap:.35rem;font-size:.9rem;color:#374151}
.lp-course__plans li{display:flex;justify-content:space-between;gap:.5rem;border-block-end:1px dashed #e5e7eb;padding-block-end:.35rem}
.lp-platform__hero{background:linear-gradient(135deg,var(--lp-primary),var(--lp-secondary));color:#fff;padding-block:3rem 2.5rem}
.lp-platform__head{display:flex;flex-wrap:wrap;gap:1.25rem;align-items:center}
.lp-platform__photo{width:6rem;height:6rem;border-radius:50%;overflow:hidden;flex-shrink:0;border:3px solid rgba(255,255,255,.7);background:rgba(255,255,255,.2)}
.lp-platform__photo img{width:100%;height:100%;object-fit:cover}
.lp-platform__name{font-size:clamp(1.5rem,5vw,2.25rem);font-weight:800;margin:0}
.lp-platform__bio{margin:.5rem 0 0;max-width:40rem;opacity:.95}
.lp-platform__actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-block-start:1.5rem}
.lp-platform__actions .lp-btn--outline{background:#fff}
.lp-platform__filters{display:flex;flex-wrap:wrap;gap:.75rem;margin-block-end:1.5rem;align-items:end}
.lp-platform__filters label{display:grid;gap:.25rem;font-size:.9rem;flex:1 1 12rem;min-width:0}
.lp-platform__filters input,.lp-platform__filters select{font:inherit;padding:.6rem .75rem;border:1px solid #d1d5db;border-radius:.6rem;background:#fff;width:100%}
.lp-platform__empty{text-align:center;color:#4b5563;padding-block:2rem}
.lp-plan{display:flex;flex-direction:column;position:relative}
.lp-plan--popular{border:2px solid var(--lp-primary);box-shadow:0 16px 32px rgba(0,0,0,.08)}
.lp-plan__badge{position:absolute;inset-block-start:-.85rem;inset-inline-start:1.25rem;background:var(--lp-primary);color:#fff;border-radius:999px;padding:.1rem .8rem;font-size:.85rem;font-weight:700}
.lp-plan__price{margin-block:.75rem;color:#4b5563}
.lp-plan__price strong{font-size:2rem;color:#111827}
.lp-plan__cta{margin-block-start:auto;width:100%}
.lp-plan .lp-checklist{margin-block-end:1.5rem}
.lp-quote__stars{display:flex;gap:.15rem;margin-block-end:.75rem}
.lp-star{color:#d1d5db}
.lp-star--on{color:#f59e0b;fill:#f59e0b}
.lp-quote__text{margin:0;color:#374151;white-space:pre-line}
.lp-quote__author{display:flex;align-items:center;gap:.75rem;margin-block-start:1.25rem}
.lp-quote__author>span{display:grid}
.lp-quote__role{color:#6b7280;font-size:.9rem}
.lp-avatar{width:3rem;height:3rem;border-radius:50%;overflow:hidden;flex-shrink:0}
.lp-faq{display:grid;gap:.75rem}
.lp-faq__item{background:#fff;border:1px solid #e5e7eb;border-radius:.9rem;padding:0 1.25rem}
.lp-faq__item summary{cursor:pointer;font-weight:700;padding-block:1rem;overflow-wrap:anywhere}
.lp-faq__item p{padding-block-end:1rem;color:#4b5563;white-space:pre-line;overflow-wrap:anywhere}
.lp-actions{display:grid;gap:.75rem}
@media (min-width:640px){.lp-actions{grid-template-columns:repeat(2,minmax(0,1fr))}}
.lp-action{display:flex;align-items:center;gap:.75rem;padding:1rem 1.25rem;border-radius:.9rem;border:1px solid #e5e7eb;text-decoration:none;font-weight:700;background:#fff;min-width:0;overflow-wrap:anywhere}
.lp-action .lp-icon{color:var(--lp-primary)}
.lp-action--whatsapp .lp-icon{color:#15803d}
.lp-form{display:grid;gap:1rem}
.lp-form__row{display:grid;gap:1rem}
@media (min-width:640px){.lp-form__row{grid-template-columns:1fr 1fr}}
.lp-field{display:grid;gap:.35rem;min-width:0}
.lp-field label{font-weight:600;font-size:.95rem}
.lp-field input,.lp-field textarea{width:100%;min-height:2.75rem;padding:.5rem .75rem;border:1px solid #9ca3af;border-radius:.6rem;background:#fff;color:#111827}
.lp-hp{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.lp-form__status{min-height:1.5rem;font-weight:600}
.lp-form__status[data-state="error"]{color:#b91c1c}
.lp-form__status[data-state="success"]{color:#047857}
.lp-footer{background:#111827;color:#e5e7eb;padding-block:2.5rem 1.5rem}
.lp-footer__inner{display:flex;flex-wrap:wrap;justify-content:space-between;gap:1.5rem}
.lp-footer__title{font-weight:800;font-size:1.15rem;color:#fff}
.lp-footer__subtitle{color:#d1d5db}
.lp-footer__links{display:flex;flex-wrap:wrap;gap:1rem}
.lp-footer__links a{color:#fff;text-decoration:underline;text-underline-offset:4px}
.lp-footer__powered{text-align:center;color:#d1d5db;font-size:.85rem;margin-block-start:2rem}
.lp-img{position:relative;display:block;background:#e5e7eb;color:#9ca3af}
.lp-img img{position:relative;width:100%;height:100%;object-fit:cover}
.lp-img__placeholder{position:absolute;inset:0;margin:auto;width:40%;height:40%;max-width:3rem;max-height:3rem}
.lp-img--broken img{visibility:hidden}
.lp-update{position:fixed;inset-block-end:1rem;inset-inline:1rem;z-index:50;display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.75rem;max-width:32rem;margin-inline:auto;padding:.75rem 1rem;border-radius:1rem;background:#111827;color:#fff;box-shadow:0 12px 30px rgba(0,0,0,.3)}
.lp-update[hidden]{display:none}
@media (prefers-reduced-motion:no-preference){.lp-block--fade{animation:lp-fade .3s ease-out both}}
@keyframes lp-fade{from{opacity:0}to{opacity:1}}
.lp-screen{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:2rem 1rem;background:#f9fafb}
.lp-screen__card{max-width:36rem;width:100%;text-align:center;background:#fff;border:1px solid #e5e7eb;border-radius:1.25rem;padding:2rem 1.5rem}
.lp-screen__code{font-size:4rem;font-weight:800;color:var(--lp-primary);line-height:1}
.lp-screen__title{font-size:1.6rem;font-weight:800;margin-block:1rem .5rem}
.lp-screen__text{color:#4b5563;overflow-wrap:anywhere}
.lp-screen__actions{display:flex;flex-wrap:wrap;justify-content:center;gap:.75rem;margin-block-start:1.5rem}
.lp-debug{margin-block-start:1.25rem;text-align:start;background:#111827;color:#e5e7eb;border-radius:.75rem;padding:1rem;font-family:ui-monospace,monospace;font-size:.85rem;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}
`;

export const LANDING_CSS = fontFaces + RULES.replace(/\n/g, '');
