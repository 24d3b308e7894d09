import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

const INTERACTIONS = ['pointerdown', 'keydown', 'input'] as const;

/**
 * A react-hook-form resolver whose zod schema (and zod itself, ~24 KB gzip) is loaded when the visitor
 * first touches the page or the form first validates, not with the screen: the first screen of the app
 * stays small (docs/decisions/005-initial-bundle.md). The server validates with the same schema anyway.
 * Create it once, at module level.
 */
export function lazyZodResolver<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<TSchema>,
): Resolver<z.input<TSchema>, unknown, z.output<TSchema>> {
  type TResolver = Resolver<z.input<TSchema>, unknown, z.output<TSchema>>;
  let loading: Promise<TResolver> | null = null;
  const load = () => {
    loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()])
      .then(([{ zodResolver }, schema]) => zodResolver(schema) as unknown as TResolver)
      .catch((error: unknown) => {
        loading = null; // a failed download is tried again at the next validation
        throw error;
      });
    return loading;
  };
  // Typing the first letter is enough warning: by the time the form validates, the schema is there.
  if (typeof window !== 'undefined') {
    for (const type of INTERACTIONS) window.addEventListener(type, () => void load().catch(() => undefined), { once: true, capture: true, passive: true });
  }
  return async (values, context, options) => (await load())(values, context, options);
}
