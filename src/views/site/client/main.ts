import { initCarousels } from './carousel';
import { initDebugPanel } from './debug-panel';
import { initForms } from './forms';
import { initDisclosures, initDrawer, initHeader } from './header';
import { initLanguageMenu } from './language';
import { initLaunchBanner, initScroll } from './page';
import { initServiceWorker } from './service-worker';

/*
 * The public site's only script: progressive enhancement of server-rendered pages. Everything works
 * without it (links, forms, the pricing toggle); it adds the behaviour of spec §2.1 and §4.
 */
initDebugPanel();
initScroll();
initHeader();
initDisclosures();
initDrawer();
initLanguageMenu();
initCarousels();
initForms();
initLaunchBanner();
void initServiceWorker().catch(() => undefined);
