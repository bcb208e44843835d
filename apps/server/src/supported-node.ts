/**
 * Imported first by every entry (the server, the worker, the admin, backup and bucket commands): an
 * older Node.js stops here with one line saying what to do, before any other module runs.
 */
import { unsupportedNode } from './lib/runtime';

const problem = unsupportedNode();
if (problem) {
  console.error(problem);
  process.exit(1);
}
