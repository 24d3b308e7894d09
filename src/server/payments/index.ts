/*
 * The payments domain (issue 13). Other domains import this file only.
 */

export { createTransfers, type TTransfers } from './transfer-service';
export { RECEIPT_UPLOAD_PREFIX, transferStudentRoutes, transferTeacherRoutes } from './transfer-routes';
