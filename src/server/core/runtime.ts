import { StartupError } from './config';

/**
 * Darsi runs on Node 24 LTS (docs/decisions/053-node-24.md). npm installs that binary from the registry
 * (the `node` package), so a machine's own older Node only runs npm; running the server on it directly is an
 * operator's mistake that gets one clear line instead of obscure failures later.
 */
const MINIMUM = { major: 24, minor: 11 };

export function assertSupportedNode(version: string = process.versions.node): void {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major > MINIMUM.major || (major === MINIMUM.major && minor >= MINIMUM.minor)) return;
  throw new StartupError(
    `Node ${version} is not supported: Darsi needs Node ${MINIMUM.major}.${MINIMUM.minor} or newer (Node 24 LTS). ` +
      'Start it with `npm start`, which runs the Node 24 that `npm install` put in node_modules.',
  );
}
