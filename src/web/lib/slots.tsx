import { createContext, Suspense, useContext, type ComponentType } from 'react';
import type { TLessonVideo } from '@shared/schemas/video';

/**
 * Where one feature's screen shows a piece that another feature owns (issue 21): a lesson shows the video player,
 * the course editor shows the certificate settings, My Subscriptions shows the code form. Features never import
 * one another, so the screen leaves a named slot and src/web/app/slots.ts fills it with the owner's component,
 * loaded on first use. The props below are the contract between the two sides; TypeScript checks both.
 */
type TSlotProps = {
  /** video: the protected player (a lesson in learning, a teacher's preview in courses). */
  videoPlayer: { lessonId: string; poster?: string | null; offline?: { courseId: string; title: string; bodyHtml: string } };
  /** video: a student's offline devices, which the teacher may revoke (analytics' student page). */
  offlineDevices: { studentId: string };
  /** video: the resumable uploader, in the lesson dialog (courses). */
  videoUpload: { lessonId: string | null; ensureLesson: () => Promise<string | null>; onBusyChange: (busy: boolean) => void };
  /** video: a video lesson's processing state, in the outline editor (courses). */
  videoStateBadge: { lessonId: string; known?: TLessonVideo | null };
  /** certificates: the teacher's settings, in the course editor (courses). */
  certificateSettings: { courseId: string };
  /** certificates: claim, download and check, on the student's course cards and pages (learning). */
  certificateActions: { courseId: string; completed: boolean; size?: 'sm' | 'md' };
  /** codes: the activation-code form, on My Subscriptions and a course page (learning). */
  redeemForm: { platform?: string };
};

export type TSlots = { [K in keyof TSlotProps]: ComponentType<TSlotProps[K]> };

const SlotsContext = createContext<Partial<TSlots>>({});

export const SlotsProvider = SlotsContext.Provider;

/** The component the app put in this slot; nothing where none was given (a unit test rendering one screen). */
export function Slot<K extends keyof TSlots>({ name, ...props }: { name: K } & TSlotProps[K]) {
  const Filled = useContext(SlotsContext)[name] as ComponentType<object> | undefined;
  if (!Filled) return null;
  return (
    <Suspense fallback={null}>
      <Filled {...props} />
    </Suspense>
  );
}
