export { loadPortalUser } from './repo.ts';
