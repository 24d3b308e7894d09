import type { TConfig } from '@server/core/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SUBDOMAIN } from './demo-accounts';

/**
 * What a newcomer needs after `npm start`, printed once the server answers: where to go and how to sign in.
 * Production gets no banner (its logs are JSON for the log collector, and it has no demo data).
 */
export function readyBanner(config: Pick<TConfig, 'publicHost' | 'publicHttps' | 'seedDemo' | 'env'>, driver: string): string | null {
  if (config.env === 'production') return null;
  const scheme = config.publicHttps ? 'https' : 'http';
  const main = `${scheme}://${config.publicHost}`;
  const demo = `${scheme}://${DEMO_SUBDOMAIN}.${config.publicHost}`;
  const lines = [
    '',
    `  Darsi is ready, on Node ${process.version} (${driver === 'pglite' ? 'embedded database' : 'PostgreSQL'}).`,
    '',
    `  Open            ${main}`,
  ];
  if (config.seedDemo) {
    lines.push(
      `  Demo teacher    ${demo}  (their platform, as students see it)`,
      '',
      `  Demo accounts, password ${DEMO_PASSWORD}:`,
      `    teacher  ${DEMO_ACCOUNTS.teacher.padEnd(20)} ${main}/login`,
      `    student  ${DEMO_ACCOUNTS.student.padEnd(20)} ${demo}/login`,
      `    admin    ${DEMO_ACCOUNTS.admin.padEnd(20)} ${main}/admin/login`,
      `    assistant ${DEMO_ACCOUNTS.assistant.padEnd(19)} ${main}/login  (the demo teacher's team)`,
    );
  }
  lines.push('', '  Stop with Ctrl+C.', '');
  return lines.join('\n');
}
