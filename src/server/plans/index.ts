/**
 * The teacher's plan limits of spec §9 (courses, students, storage) and the usage shown against them, and
 * the plan standing (trial, paid, grace, expired) that allows creating courses, codes and enrollments. A rule
 * of every domain that adds courses, students or files, so it stands alone: it imports only the core.
 */
export { activeSubscription, ensureCourseCapacity, ensureStorage, ensureStudentCapacity, planUsage, storageUsedBytes } from './limits';
export { ensurePlanActive, planStanding } from './standing';
export { ensureStaffFit, ensureStaffSeat, staffSeats } from './staff-seats';
