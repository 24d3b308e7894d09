import { bindDeps } from '@server/core/bind';
import type { TCertificatesDeps } from './deps';
import { claim, issueIfComplete, myCertificates, ownCertificate, publicCertificate } from './issue';
import { certificatePdf } from './pdf';
import { courseSettings, ensureSignatureUpload, putSettings, removeSignature, setSignature, signatureFile } from './settings';

/*
 * The certificates domain (issue 15, decision 069): a certificate when a student completes a course, its PDF,
 * its public check at /certificates/{id}, and the teacher's settings per course. Other domains import this
 * file only.
 */

export { certificatesApi, SIGNATURE_UPLOAD_PREFIX } from './routes';
export { mountCertificates } from './mount';

export function createCertificates(deps: TCertificatesDeps) {
  return bindDeps(deps, {
    issueIfComplete,
    myCertificates,
    claim,
    ownCertificate,
    publicCertificate,
    pdf: certificatePdf,
    courseSettings,
    putSettings,
    ensureSignatureUpload,
    setSignature,
    removeSignature,
    signatureFile,
  });
}

export type TCertificates = ReturnType<typeof createCertificates>;
