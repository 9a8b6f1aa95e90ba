// `npm start`: build what changed, then run the server (it migrates, seeds an empty
// database with the demo data, serves the web app and prints its URL).
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
await import('../apps/server/dist/main.js');
