import type { JobDay } from '../job-day';
import { CLINIC_DAY } from './clinic-day';
import { DISPATCHER_DAY } from './dispatcher-day';
import { ENGINEER_DAY } from './engineer-day';
import { PARALEGAL_DAY } from './paralegal-day';
import { RECRUITER_DAY } from './recruiter-day';
import { SALES_DAY } from './sales-day';

/** The workdays of other jobs than the demo's: each a script with its screens, schedule and truth. */
export const JOB_DAYS: readonly JobDay[] = [ENGINEER_DAY, SALES_DAY, CLINIC_DAY, PARALEGAL_DAY, DISPATCHER_DAY, RECRUITER_DAY];

export function jobDay(id: string): JobDay {
  const day = JOB_DAYS.find((d) => d.id === id);
  if (!day) throw new Error(`there is no job day “${id}”; the days are ${JOB_DAYS.map((d) => d.id).join(', ')}`);
  return day;
}
