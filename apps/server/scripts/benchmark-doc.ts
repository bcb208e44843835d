import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/env';

/** Replaces (or appends) the `## {heading}` section of docs/benchmarks.md with the new figures. */
export function writeBenchmarkSection(heading: string, section: string) {
  const file = path.join(REPO_ROOT, 'docs/benchmarks.md');
  let doc: string;
  try {
    doc = readFileSync(file, 'utf8');
  } catch {
    doc = "# Benchmarks\n\nFigures measured on the project's 2-core machines, with the command that produced them.\n\n";
  }
  const start = doc.indexOf(`## ${heading}`);
  if (start >= 0) {
    const next = doc.indexOf('\n## ', start + 5);
    doc = doc.slice(0, start) + section.trimEnd() + '\n' + (next >= 0 ? `\n${doc.slice(next + 1)}` : '');
  } else doc = `${doc.trimEnd()}\n\n${section.trimEnd()}\n`;
  writeFileSync(file, doc);
  console.log(`wrote ${file}`);
}
