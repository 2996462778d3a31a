import { greeting } from '../../runtime/util/greeting';

/** Greeting by hour of day (spec 9), for the login notice and the dashboard: see runtime/util/greeting. */
export const timeFix = (date: Date = new Date()): string => greeting(date);
