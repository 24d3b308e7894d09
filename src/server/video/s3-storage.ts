import type * as S3Sdk from '@aws-sdk/client-s3';
import type { TVideoStorage } from './storage';

export type TS3Settings = { endpoint: string | undefined; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

/**
 * Processed video in an S3-compatible bucket (decision 065), read through Darsi (proxied, so every read keeps the
 * token and lease checks). The SDK loads on first use: most instances never need it.
 */
export function s3VideoStorage(settings: TS3Settings): TVideoStorage {
  let loading: Promise<{ client: S3Sdk.S3Client; sdk: typeof S3Sdk }> | null = null;
  const s3 = () =>
    (loading ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        // MinIO, s3rver and most S3-compatible servers want bucket/key paths rather than bucket host names.
        forcePathStyle: settings.endpoint !== undefined,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      }),
    })));
  const Bucket = settings.bucket;

  async function keysUnder(prefix: string): Promise<Array<{ Key: string; Size: number }>> {
    const { sdk, client } = await s3();
    const found: Array<{ Key: string; Size: number }> = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: `${prefix}/`, ContinuationToken }));
      for (const o of page.Contents ?? []) if (o.Key) found.push({ Key: o.Key, Size: o.Size ?? 0 });
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found;
  }

  return {
    async put(key, body) {
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length }));
    },
    async get(key) {
      const { sdk, client } = await s3();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove(prefix) {
      const { sdk, client } = await s3();
      const keys = await keysUnder(prefix);
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((k) => ({ Key: k.Key }));
        await client.send(new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
    },
    size: async (prefix) => (await keysUnder(prefix)).reduce((sum, k) => sum + k.Size, 0),
  };
}
