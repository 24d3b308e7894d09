import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertSupportedNode } from './runtime';

/**
 * Which Node each part needs (decision 113): `engines.node` is the Node that runs Darsi and its dependencies (the
 * pinned `node` package), `devEngines.runtime` the Node that only runs npm. Issue 24: `engines` admitted Node 20
 * while seven dependencies needed Node 22+, and nothing noticed. These checks fail as soon as a dependency needs a
 * Node that the pin or the `engines` floor does not give it.
 */
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));

type TVersion = [number, number, number];
const parse = (v: string): TVersion => {
  const parts = v.replace(/^v/, '').split('.');
  return [0, 1, 2].map((i) => (parts[i] === undefined || /^[x*]$/i.test(parts[i]!) ? 0 : Number(parts[i]))) as TVersion;
};
const cmp = (a: TVersion, b: TVersion) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** npm's range syntax as the lock file uses it (>=, >, <=, <, =, ^, ~, x, ||); anything else fails the test. */
function satisfies(version: string, range: string): boolean {
  const v = parse(version);
  return range.split('||').some((alternative) => {
    const comparators = alternative
      .trim()
      .replace(/([<>=^~]+)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    return comparators.every((c) => {
      if (c === '*' || c === 'x') return true;
      const m = /^(>=|<=|>|<|=|\^|~)?v?(\d+(?:\.(?:\d+|x|\*))?(?:\.(?:\d+|x|\*))?)$/i.exec(c);
      if (!m) throw new Error(`range syntax not understood: ${range}`);
      const [op = '', raw = ''] = [m[1], m[2]];
      const w = parse(raw);
      const given = raw.split('.').filter((p) => !/^[x*]$/i.test(p)).length;
      if (op === '>=') return cmp(v, w) >= 0;
      if (op === '>') return cmp(v, w) > 0;
      if (op === '<=') return cmp(v, w) <= 0;
      if (op === '<') return cmp(v, w) < 0;
      if (op === '^') return cmp(v, w) >= 0 && (w[0] > 0 ? v[0] === w[0] : w[1] > 0 ? v[0] === 0 && v[1] === w[1] : cmp(v, w) === 0);
      if (op === '~') return cmp(v, w) >= 0 && v[0] === w[0] && (given < 2 || v[1] === w[1]);
      // '' or '=': the version itself, or an x-range on the parts given ("20", "20.x").
      return v.slice(0, given).every((n, i) => n === w[i]);
    });
  });
}

const needs = Object.entries(lock.packages as Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>)
  .filter(([name, p]) => name !== '' && !p.optional && p.engines && !Array.isArray(p.engines) && p.engines.node)
  .map(([name, p]) => [name.replace(/^.*node_modules\//, ''), (p.engines as { node: string }).node] as const);

describe('which Node Darsi and its dependencies need', () => {
  it('reads npm ranges as npm does', () => {
    expect(satisfies('24.21.0', '^22.12.0 || ^24.0.0 || >=26.0.0')).toBe(true);
    expect(satisfies('25.1.0', '^22.12.0 || ^24.0.0 || >=26.0.0')).toBe(false);
    expect(satisfies('20.20.2', '>=22.22.0')).toBe(false);
    expect(satisfies('20.20.2', '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies('24.11.0', '>= 10.x')).toBe(true);
    expect(satisfies('24.11.0', '^10 || ^12 || ^13.7 || ^14 || >=15.0.1')).toBe(true);
    expect(satisfies('14.0.0', '^10 || ^12 || ^13.7')).toBe(false);
    expect(() => satisfies('24.0.0', '24 - 26')).toThrow(/not understood/);
  });

  it('gives every dependency a Node it accepts: the pinned one and the floor of `engines`', () => {
    const pinned = pkg.dependencies.node as string;
    const floor = /^>=(\d+\.\d+(?:\.\d+)?)$/.exec(pkg.engines.node)?.[1];
    expect(floor, 'engines.node is a single floor, ">=24.11"').toBeDefined();
    expect(satisfies(pinned, pkg.engines.node)).toBe(true);
    expect(needs.length).toBeGreaterThan(100);
    expect(needs.filter(([, range]) => !satisfies(pinned, range))).toEqual([]);
    expect(needs.filter(([, range]) => !satisfies(floor!, range))).toEqual([]);
    // The lock file's copy of the root's engines is the same (npm writes it there).
    expect(lock.packages[''].engines).toEqual(pkg.engines);
  });

  it("states the server's own minimum: a Node at the floor starts, one just below is refused", () => {
    const [major, minor] = parse(/^>=(.*)$/.exec(pkg.engines.node)![1]!);
    expect(() => assertSupportedNode(`${major}.${minor}.0`)).not.toThrow();
    expect(() => assertSupportedNode(`${major}.${minor - 1}.9`)).toThrow(/not supported/);
  });

  it('lets the machine run npm on an older Node: devEngines, not engines, says which', () => {
    expect(pkg.devEngines.runtime).toEqual({ name: 'node', version: '>=20.19', onFail: 'error' });
    // Darsi's dependencies that need more than the machine's npm Node: these are why npm warns there (README).
    expect(needs.filter(([, range]) => !satisfies('20.19.0', range)).length).toBeGreaterThan(0);
    // So the README's first command runs the install on the pinned Node, and stays in step with the pin.
    expect(fs.readFileSync('README.md', 'utf8')).toContain(`npx -y -p node@${pkg.dependencies.node} npm install && npm start`);
  });
});
