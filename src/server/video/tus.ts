import { FileStore } from '@tus/file-store';
import { MemoryLocker, Server, type Locker, type Upload } from '@tus/server';
import type { Pool } from 'pg';
import { eq } from 'drizzle-orm';
import { planLimits } from '@shared/courses';
import { cleanFileName } from '@shared/file-name';
import { VIDEO_UPLOAD_PATH } from '@shared/schemas/video';
import type { TAuth, TTeacherRow } from '@server/auth';
import type { TCacheBus } from '@server/core/cache-bus';
import { teachers } from '@server/core/db/schema';
import type { TJobDefinition } from '@server/core/jobs/queue';
import { storageUsedBytes } from '@server/plans';
import type { TVideoDeps } from './deps';
import { acceptUpload } from './accept-upload';
import type { TTranscodeJob } from './process-video';
import { postgresTusLocker } from './tus-lock';
import { ownLesson } from '@server/courses';

/** A refusal the tus hooks throw; the route turns it into `{ error: { code, message, remainingBytes? } }`. */
type TRefusal = { status_code: number; body: string };
const refuse = (status: number, code: string, extra: Record<string, number> = {}): TRefusal => ({
  status_code: status,
  body: JSON.stringify({ code, ...extra }),
});

// Unfinished uploads older than this are removed by the hourly cleanup job.
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60_000;

type TTusDeps = TVideoDeps & {
  auth: TAuth;
  findTeacher: (headers: Headers) => Promise<TTeacherRow | null>;
  transcode: TJobDefinition<TTranscodeJob>;
  bus?: TCacheBus;
};

/**
 * On PostgreSQL several instances may share the uploads folder (DATA_DIR on a shared volume): the lock on an
 * upload is then PostgreSQL's (tus-lock.ts). The embedded database is one process's, and so are its locks.
 */
function uploadLocker(deps: TTusDeps): Locker {
  const url = deps.config.databaseUrl;
  if (!url) return new MemoryLocker();
  let pool: Promise<Pool> | null = null;
  // Opened on the first upload: most starts never take a lock. Idle sessions go, and never keep the process alive.
  const lockPool = () =>
    (pool ??= import('pg').then(({ default: pg }) => {
      const created = new pg.Pool({ connectionString: url, max: 20, idleTimeoutMillis: 10_000, allowExitOnIdle: true, application_name: 'darsi-tus-locks' });
      created.on('error', () => undefined);
      return created;
    }));
  return postgresTusLocker({ pool: lockPool, bus: deps.bus });
}

async function teacherOf(deps: TTusDeps, req: Request): Promise<TTeacherRow> {
  const teacher = await deps.findTeacher(req.headers);
  if (!teacher) throw refuse(401, 'UNAUTHENTICATED');
  return teacher;
}

/** Spec §9 storage: what is stored (files, renditions, originals waiting) plus this upload must fit. */
async function ensureRoom(deps: TTusDeps, teacher: TTeacherRow, incoming: number) {
  const [row] = await deps.db.select({ plan: teachers.plan }).from(teachers).where(eq(teachers.id, teacher.id));
  const limit = planLimits(row?.plan ?? teacher.plan).storageBytes;
  const used = await storageUsedBytes(deps.db, teacher.id);
  const remainingBytes = Math.max(0, limit - used);
  if (incoming > remainingBytes) throw refuse(413, 'STORAGE_LIMIT_EXCEEDED', { remainingBytes, mb: Math.floor(remainingBytes / 1024 ** 2) });
}

async function onCreate(deps: TTusDeps, req: Request, upload: Upload) {
  const teacher = await teacherOf(deps, req);
  const lessonId = upload.metadata?.lessonId ?? '';
  if (!/^[0-9a-f-]{36}$/i.test(lessonId)) throw refuse(404, 'LESSON_NOT_FOUND');
  const lesson = await ownLesson(deps.db, teacher.id, lessonId).catch(() => null);
  if (!lesson) throw refuse(404, 'LESSON_NOT_FOUND');
  if (lesson.type !== 'video') throw refuse(409, 'VIDEO_WRONG_LESSON');
  if (upload.size === undefined) throw refuse(400, 'BAD_REQUEST');
  await ensureRoom(deps, teacher, upload.size);
  return { metadata: { ...upload.metadata, lessonId, teacherId: teacher.id } };
}

/** The file is complete: a real video is queued for processing, anything else is deleted and refused. */
async function onFinish(deps: TTusDeps, upload: Upload) {
  const accepted = await acceptUpload(deps, deps.transcode, {
    uploadId: upload.id,
    bytes: upload.size ?? 0,
    // Direction controls would let "x\u202Efdp.mp4" pass for another name (issue 23).
    filename: upload.metadata?.filename ? cleanFileName(upload.metadata.filename) : null,
    teacherId: upload.metadata?.teacherId ?? '',
    lessonId: upload.metadata?.lessonId ?? '',
  });
  if (!accepted) throw refuse(422, 'VIDEO_INVALID');
  return {};
}

export function createTusServer(deps: TTusDeps) {
  const datastore = new FileStore({ directory: deps.uploadsDir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  const locker = uploadLocker(deps);
  const server = new Server({
    path: VIDEO_UPLOAD_PATH,
    datastore,
    locker,
    relativeLocation: true,
    maxSize: deps.config.videoMaxBytes,
    // Only the teacher who created an upload may continue, inspect or cancel it.
    async onIncomingRequest(req, uploadId) {
      const teacher = await teacherOf(deps, req);
      // A creation (POST) has no upload yet; tus passes the path's last part as its id.
      if (req.method === 'POST' || !uploadId) return;
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      if (!upload) throw refuse(404, 'NOT_FOUND');
      if (upload.metadata?.teacherId !== teacher.id) throw refuse(403, 'FORBIDDEN');
    },
    onUploadCreate: (req, upload) => onCreate(deps, req, upload),
    onUploadFinish: (_req, upload) => onFinish(deps, upload),
  });
  return server;
}

export type TTusServer = ReturnType<typeof createTusServer>;
