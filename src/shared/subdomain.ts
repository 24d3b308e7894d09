import { SUBDOMAIN_MAX_LENGTH, SUBDOMAIN_MIN_LENGTH } from './constants';

const LABEL = /^[a-z0-9-]+$/;
const NOT_A_SUBDOMAIN = new Set(['www', 'undefined']);
const MAX_HOST_LENGTH = 253;

/**
 * Names a teacher may not take: they collide with our own hosts or with the first path
 * segment of routes such as /teacher/{subdomain}.
 */
export const RESERVED_SUBDOMAINS = new Set([
  'www',
  'undefined',
  'null',
  'api',
  'app',
  'admin',
  'dashboard',
  'mail',
  'smtp',
  'static',
  'assets',
  'cdn',
  'login',
  'register',
  'profile',
  'courses',
  'codes',
  'students',
  'live-sessions',
  'analytics',
  'settings',
  'notifications',
  'platform',
  'teacher',
  'student',
  'support',
  'help',
  'docs',
  'status',
  'darsi',
]);

export type TSubdomainOptions = {
  /** The main domain, with or without port: "darsi.dz" or "localhost:3000". */
  rootDomain: string;
  /** Development: `*.localhost` hosts and `?subdomain=` are honoured. */
  allowDevHosts: boolean;
};

function hostnameOf(host: string): string | null {
  if (host.length === 0 || host.length > MAX_HOST_LENGTH + 6) return null;
  if (host.startsWith('[')) return null; // IPv6 literal: never a teacher host
  const name = host.split(':')[0]?.toLowerCase().replace(/\.$/, '');
  return name ? name : null;
}

function asSubdomain(label: string | undefined): string | null {
  if (!label || label.length > SUBDOMAIN_MAX_LENGTH || !LABEL.test(label)) return null;
  return NOT_A_SUBDOMAIN.has(label) ? null : label;
}

/**
 * Turns a Host header into the teacher subdomain it addresses, or null for the main site.
 * Never throws: the header is attacker-controlled.
 */
export function subdomainFromHost(host: unknown, options: TSubdomainOptions, querySubdomain?: unknown): string | null {
  if (options.allowDevHosts && typeof querySubdomain === 'string' && querySubdomain !== '') {
    return asSubdomain(querySubdomain.toLowerCase());
  }
  if (typeof host !== 'string') return null;
  const hostname = hostnameOf(host);
  const root = hostnameOf(options.rootDomain);
  if (!hostname || !root) return null;
  if (hostname === root || hostname === `www.${root}`) return null;
  let label: string | undefined;
  if (hostname.endsWith(`.${root}`)) label = hostname.slice(0, -(root.length + 1));
  else if (options.allowDevHosts && hostname.endsWith('.localhost')) label = hostname.slice(0, -'.localhost'.length);
  return asSubdomain(label);
}

export type TSubdomainIssue = 'chars' | 'tooShort' | 'tooLong' | 'invalid';

/** Registration rules of spec §5; availability ("taken") is checked by the server. */
export function subdomainIssue(value: string): TSubdomainIssue | null {
  if (!LABEL.test(value)) return value.length === 0 ? 'tooShort' : 'chars';
  if (value.length < SUBDOMAIN_MIN_LENGTH) return 'tooShort';
  if (value.length > SUBDOMAIN_MAX_LENGTH) return 'tooLong';
  const edgesOk = /^[a-z0-9]/.test(value) && /[a-z0-9]$/.test(value);
  if (!edgesOk || value.startsWith('xn--') || RESERVED_SUBDOMAINS.has(value)) return 'invalid';
  return null;
}

/** What the subdomain field keeps while the teacher types: lowercase letters, digits and hyphens. */
export function sanitizeSubdomainInput(typed: string): string {
  return typed
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, SUBDOMAIN_MAX_LENGTH);
}

/**
 * Which §5 rule a keystroke broke when sanitizeSubdomainInput had to drop part of it: a character that
 * is not allowed ('chars'), or more than 63 characters ('tooLong'). Capitals are not a break: they are
 * lowered, not dropped. The field shows the message although the value it keeps is valid, so the teacher
 * learns why the key did nothing.
 */
export function strippedIssue(typed: string): 'chars' | 'tooLong' | null {
  const lowered = typed.toLowerCase();
  if (/[^a-z0-9-]/.test(lowered)) return 'chars';
  return lowered.length > SUBDOMAIN_MAX_LENGTH ? 'tooLong' : null;
}
