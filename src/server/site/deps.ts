import type { TConfig } from '@server/core/config';
import type { TSiteService } from './forms';

/** What the public site's pages and API are built from. */
export type TSiteDeps = { config: TConfig; site: TSiteService };
