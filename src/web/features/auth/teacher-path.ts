import { redirect, type LoaderFunctionArgs } from 'react-router';
import { subdomainAvailability } from './api';

/**
 * /teacher/{x} (docs/decisions/010-route-ambiguities.md): spec §2.5 sends /teacher/{subdomain} to
 * /platform/{subdomain}, and §2.4 sends any other /teacher/* path to /teacher/dashboard. Only the server
 * knows which names are registered, so it is asked; an unknown name, a reserved one or a failed check
 * goes to the dashboard, never to a platform page that does not exist.
 */
export async function teacherPathLoader({ params }: LoaderFunctionArgs): Promise<never> {
  const name = (params.subdomain ?? '').toLowerCase();
  const answer = name ? await subdomainAvailability(name).catch(() => null) : null;
  if (answer && !answer.available && answer.issue === 'taken') throw redirect(`/platform/${encodeURIComponent(name)}`);
  throw redirect('/teacher/dashboard');
}
