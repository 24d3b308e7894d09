import { lazy } from 'react';
import type { TSlots } from '@web/lib/slots';

/**
 * Each slot a screen leaves for another feature (lib/slots.tsx), filled with the owning feature's component. This is
 * the one place where features meet below the route level; each piece loads with the first screen that shows it.
 */
export const slots: TSlots = {
  videoPlayer: lazy(() => import('@web/features/video/offline/lesson-video').then((m) => ({ default: m.LessonVideo }))),
  offlineDevices: lazy(() => import('@web/features/video/offline/teacher-devices').then((m) => ({ default: m.TeacherDevices }))),
  videoUpload: lazy(() => import('@web/features/video/components/video-upload').then((m) => ({ default: m.VideoUpload }))),
  videoStateBadge: lazy(() => import('@web/features/video/components/video-state-badge').then((m) => ({ default: m.VideoStateBadge }))),
  certificateSettings: lazy(() => import('@web/features/certificates/certificate-settings').then((m) => ({ default: m.CertificateSettings }))),
  certificateActions: lazy(() => import('@web/features/certificates/certificate-actions').then((m) => ({ default: m.CertificateActions }))),
  redeemForm: lazy(() => import('@web/features/codes/components/redeem-form').then((m) => ({ default: m.RedeemForm }))),
};
