import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, projectRoot } from '../../src/server/config.js';

/**
 * Reading README.md's "Running in production" section for tests/cluster/production.test.ts:
 * the variables it names, its start command, its nginx example and its health/metrics paths.
 */

/** The section's text, from its heading to the next level-2 heading; throws when it is missing. */
export function productionSection(readme = fs.readFileSync(path.join(projectRoot, 'README.md'), 'utf8')): string {
  const start = readme.indexOf('\n## Running in production\n');
  if (start < 0) throw new Error('README.md has no "## Running in production" section');
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The text of the level-3 subsection titled `title` (up to the next heading). */
export function subsection(section: string, title: string): string {
  const start = section.indexOf(`\n### ${title}\n`);
  if (start < 0) throw new Error(`README's production section has no "### ${title}"`);
  const end = section.indexOf('\n#', start + 1);
  return section.slice(start, end < 0 ? undefined : end);
}

/** Code spans of `text` (`…`), whitespace (line breaks) folded. */
const spans = (text: string) =>
  [...text.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`]+)`/g)].map((m) => m[1].replace(/\s+/g, ' ').trim());

/** The start command: its NAME=value assignments, then the program and its arguments. */
export function startCommand(section: string): { env: Record<string, string>; program: string; args: string[] } {
  const m = /Start each process with `([^`]+)`/.exec(section);
  if (!m) throw new Error('README shows no "Start each process with `…`" command');
  const words = m[1].replace(/\s+/g, ' ').trim().split(' ');
  const env: Record<string, string> = {};
  while (words.length && /^[A-Z][A-Z0-9_]*=/.test(words[0])) {
    const [name, ...value] = words.shift()!.split('=');
    env[name] = value.join('=');
  }
  const [program, ...args] = words;
  return { env, program, args };
}

/**
 * Every environment variable the section names: the code spans of its variables paragraph
 * (`PORT`/`HOST` split), every NAME_WITH_UNDERSCORES in the section (prose, nginx comments,
 * `{API_BASE}`) and the start command's assignments.
 */
export function variablesNamed(section: string): string[] {
  const names = new Set<string>();
  for (const s of spans(subsection(section, 'Variables that matter in production')))
    for (const part of s.split('/')) if (/^[A-Z][A-Z0-9_]*$/.test(part)) names.add(part);
  for (const m of section.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g)) names.add(m[0]);
  for (const name of Object.keys(startCommand(section).env)) names.add(name);
  return [...names].sort();
}

const PROBES = ['4321', 'https://probe.example.com', 'debug', 'loopback', 'probe'];

/** Whether the server's configuration (src/server/config.ts loadConfig) reads `name`: some value of it changes the configuration. */
export function configReads(name: string): boolean {
  const base = JSON.stringify(loadConfig({}));
  return PROBES.some((v) => JSON.stringify(loadConfig({ [name]: v })) !== base);
}

/** The ```nginx example's text. */
export function nginxExample(section: string): string {
  const m = /```nginx\n([\s\S]*?)```/.exec(section);
  if (!m) throw new Error('README shows no ```nginx example');
  return m[1];
}

/** Code spans naming an HTTP path of the server (`GET /jeecg-boot/…`, `/actuator/…`, `GET http://…/metrics`). */
export function pathsNamed(section: string): string[] {
  return spans(section)
    .map((s) => s.replace(/^GET /, ''))
    .filter((s) => /^(\/|https?:\/\/)\S+$/.test(s) && /\/(actuator|metrics)\b/.test(s));
}
