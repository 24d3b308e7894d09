import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

/**
 * Where processed video lives: `{teacherId}/{lessonId}/{generation}/…` (decision 065). One small interface so
 * that an S3-compatible store can take the local disk's place without touching the use cases.
 */
export type TVideoStorage = {
  put(key: string, body: Buffer): Promise<void>;
  /** The object as a stream with its size, or null when it does not exist. */
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  /** Removes every object under a prefix (a lesson, or one of its generations). */
  remove(prefix: string): Promise<void>;
  /** Bytes stored under a prefix. */
  size(prefix: string): Promise<number>;
};

/** Keys are built by the domain from ids, never from a request: anything that climbs out is refused. */
function safeKey(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (full !== root && !full.startsWith(root + path.sep)) throw new Error(`video storage key out of bounds: ${key}`);
  return full;
}

async function folderSize(dir: string): Promise<number> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    if (entry.isFile()) total += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

export function localVideoStorage(root: string): TVideoStorage {
  const base = path.resolve(root);
  return {
    async put(key, body) {
      const file = safeKey(base, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside, then renamed: a reader never sees half a segment.
      await fs.writeFile(`${file}.part`, body);
      await fs.rename(`${file}.part`, file);
    },
    async get(key) {
      const file = safeKey(base, key);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: stat.size };
    },
    async remove(prefix) {
      await fs.rm(safeKey(base, prefix), { recursive: true, force: true });
    },
    size: (prefix) => folderSize(safeKey(base, prefix)),
  };
}
