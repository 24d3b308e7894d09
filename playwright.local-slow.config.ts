import base from './playwright.config';
// Local only (not committed): the shared machine needs more than 60 s to seed the demo at start.
export default { ...base, webServer: (base.webServer as object[]).map((w) => ({ ...w, timeout: 400_000 })) };
