/**
 * The Node.js Curio runs on: 24 (LTS) or newer, as package.json's `engines` says. Node 20 reached its end of
 * life on 2026-04-30. `npm install` puts a Node 24 in node_modules/.bin (the `node` package), and every npm
 * script runs on it, so `npm start` needs no Node of the machine's own beyond the one that runs npm.
 */
export const MIN_NODE_MAJOR = 24;

/** Why this Node.js cannot run Curio, in one line, or null when it can. */
export function unsupportedNode(version: string = process.versions.node): string | null {
  const major = Number.parseInt(version, 10);
  if (Number.isFinite(major) && major >= MIN_NODE_MAJOR) return null;
  return (
    `Curio needs Node.js ${MIN_NODE_MAJOR} or newer; this is Node.js ${version}. ` +
    `Start it through npm (npm start, npm run worker: they use the Node.js ${MIN_NODE_MAJOR} that npm install puts in node_modules/.bin), or install Node.js ${MIN_NODE_MAJOR} LTS.`
  );
}

/** Stops the process with that line on stderr when this Node.js cannot run Curio. */
export function exitOnUnsupportedNode(): void {
  const why = unsupportedNode();
  if (why) {
    console.error(why);
    process.exit(1);
  }
}
