type TUseCase<D> = (deps: D, ...args: never[]) => unknown;
type TBound<D, F> = { [K in keyof F]: F[K] extends (deps: D, ...args: infer A) => infer R ? (...args: A) => R : never };

/**
 * Use cases are plain functions that take their domain's dependencies first; a domain's index.ts binds them
 * once, so that routes and other domains pass only their own arguments.
 */
export function bindDeps<D, F extends Record<string, TUseCase<D>>>(deps: D, useCases: F): TBound<D, F> {
  const bound = Object.entries(useCases).map(([name, run]) => [name, (...args: never[]) => run(deps, ...args)]);
  return Object.fromEntries(bound) as TBound<D, F>;
}
