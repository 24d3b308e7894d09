/** Types of aliases.mjs, which Vite and Vitest configs import. */
export declare const aliases: Record<string, string>;
