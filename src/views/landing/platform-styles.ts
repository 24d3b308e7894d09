/** Styles of the teacher's platform pages beyond the platform home: the teach page, course pages, previews. */
export const PLATFORM_CSS = `
.pf-bar{background:linear-gradient(135deg,var(--lp-primary),var(--lp-secondary));color:#fff}
.pf-bar__row{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;min-height:3.75rem;padding-block:.5rem}
.pf-bar__brand{display:flex;align-items:center;gap:.6rem;min-width:0;color:#fff;text-decoration:none;font-weight:800;margin-inline-end:auto}
.pf-bar__brand span:last-child{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;max-width:16rem}
.pf-bar__photo{width:2.5rem;height:2.5rem;border-radius:50%;overflow:hidden;flex-shrink:0;background:rgba(255,255,255,.25)}
.pf-bar__photo img{width:100%;height:100%;object-fit:cover}
.pf-bar__links{display:flex;flex-wrap:wrap;gap:.25rem .75rem}
.pf-bar__links a{color:#fff;font-weight:600;text-decoration:none;padding:.35rem .2rem}
.pf-bar__links a:hover{text-decoration:underline}
.pf-main{padding-block:1.5rem 3rem;background:#f9fafb;min-height:60vh}
.pf-stack{display:grid;gap:1.25rem}
.pf-course{display:grid;gap:1.25rem}
@media (min-width:56rem){.pf-course{grid-template-columns:minmax(0,1fr) 22rem;grid-template-rows:auto 1fr;align-items:start}.pf-intro,.pf-outline{grid-column:1}.pf-aside{grid-column:2;grid-row:1 / span 2;position:sticky;inset-block-start:1rem}}
.pf-cover{border-radius:1rem;overflow:hidden;aspect-ratio:16/9;width:100%}
.pf-cover img{width:100%;height:100%;object-fit:cover}
.pf-title{font-size:clamp(1.5rem,5vw,2.1rem);font-weight:800;color:#111827;line-height:1.35;overflow-wrap:break-word}
.pf-meta{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;color:#4b5563;font-size:.95rem}
.pf-desc{white-space:pre-line;color:#374151;overflow-wrap:break-word}
.pf-h2{font-size:1.2rem;font-weight:800;color:#111827;margin-block-end:.75rem}
.pf-plans{display:grid;gap:.5rem}
.pf-plans li{display:flex;justify-content:space-between;gap:1rem;border:1px solid #e5e7eb;border-radius:.75rem;padding:.6rem .9rem;background:#fff}
.pf-plans strong{white-space:nowrap;color:#111827}
.pf-ways{display:grid;gap:1rem}
.pf-way{border-block-start:1px solid #e5e7eb;padding-block-start:1rem}
.pf-way:first-child{border:0;padding:0}
.pf-way h3{font-size:1rem;font-weight:800;margin-block-end:.25rem}
.pf-way p{color:#4b5563;font-size:.95rem;margin-block-end:.6rem}
.pf-actions{display:flex;flex-wrap:wrap;gap:.5rem}
.pf-actions .lp-btn{flex:1 1 10rem}
.pf-contact{display:grid;gap:.5rem}
.pf-contact a{display:flex;align-items:center;gap:.5rem;text-decoration:none;color:#111827;font-weight:600;border:1px solid #e5e7eb;border-radius:.75rem;padding:.55rem .8rem;background:#fff;overflow-wrap:break-word}
.pf-contact bdi{unicode-bidi:isolate}
.pf-section{border:1px solid #e5e7eb;border-radius:.9rem;background:#fff;overflow:hidden}
.pf-section + .pf-section{margin-block-start:.75rem}
.pf-section h3{font-size:1rem;font-weight:800;padding:.75rem 1rem;background:#f3f4f6;overflow-wrap:break-word}
.pf-lesson{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem;padding:.65rem 1rem;border-block-start:1px solid #f3f4f6}
.pf-lesson__title{flex:1 1 11rem;min-width:0;overflow-wrap:break-word}
.pf-lesson__type{font-size:.8rem;color:#6b7280;white-space:nowrap}
.pf-lesson a{color:var(--lp-primary);font-weight:700}
.pf-badge{display:inline-flex;align-items:center;gap:.25rem;border-radius:999px;padding:.05rem .6rem;font-size:.78rem;font-weight:700;white-space:nowrap}
.pf-badge--preview{background:#dcfce7;color:#166534}
.pf-badge--locked{background:#f3f4f6;color:#4b5563}
.pf-lesson-body{overflow-wrap:break-word}
.pf-lesson-body img{height:auto}
.pf-lesson-body a{color:var(--lp-primary)}
.pf-note{border-radius:.75rem;padding:.8rem 1rem;background:#eff6ff;color:#1e3a8a}
.pf-crumb{color:var(--lp-primary);font-weight:700;text-decoration:none}
.pf-teach-list{display:grid;gap:.75rem}
.pf-teach-list a{display:block;text-decoration:none;color:#111827}
.pf-teach-list strong{display:block;overflow-wrap:break-word}
.pf-teach-list span{color:#4b5563;font-size:.9rem}
`;
