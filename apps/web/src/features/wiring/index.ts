/** What other areas use of the wiring area: its vehicle lookups (the activation's vehicle step). */
export { vinQuery, yearMakeModelQuery } from './api.ts';
