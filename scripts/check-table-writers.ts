/**
 * One writer per table (docs/ARCHITECTURE.md "Who writes which table"): every insert, update and
 * delete of a table, as a drizzle call or as raw SQL, must sit in the area that owns the table.
 * A table's owner is the name of the schema file that defines it (platform/db/schema/<area>.ts);
 * the floor's messaging keeps the dev outbox, its jobs the jobs and their schedules. Run by `npm run lint`; exits 1 and lists each write
 * outside its owner. It reads the server's code, tests included; the benchmarks (bench/) load
 * their throwaway databases with raw SQL for speed and are not the server's code.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server/src');
const schemaDir = path.join(server, 'platform/db/schema');

/** Owners that are not areas: the schema file's name → the folder allowed to write its tables. */
const FLOOR_OWNERS: Record<string, string> = { messaging: 'platform/messaging', jobs: 'platform/jobs' };

interface Table {
  /** The drizzle variable (`cartItems`) and the SQL name (`cart_items`). */
  variable: string;
  sqlName: string;
  writer: string;
}

function tablesOf(): Table[] {
  const tables: Table[] = [];
  for (const file of fs.readdirSync(schemaDir)) {
    if (!file.endsWith('.ts') || file === 'index.ts') continue;
    const owner = file.replace(/\.ts$/, '');
    const writer = FLOOR_OWNERS[owner] ?? `areas/${owner}`;
    const text = fs.readFileSync(path.join(schemaDir, file), 'utf8');
    for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      tables.push({ variable: match[1]!, sqlName: match[2]!, writer });
    }
  }
  return tables;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const tables = tablesOf();
const byVariable = new Map(tables.map((t) => [t.variable, t]));
const bySqlName = new Map(tables.map((t) => [t.sqlName, t]));

const patterns: { kind: string; regex: RegExp; table: (name: string) => Table | undefined }[] = [
  { kind: 'drizzle', regex: /\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g, table: (n) => byVariable.get(n) },
  { kind: 'SQL', regex: /\binsert\s+into\s+"?(\w+)"?/gi, table: (n) => bySqlName.get(n.toLowerCase()) },
  { kind: 'SQL', regex: /\bupdate\s+"?(\w+)"?\s+set\b/gi, table: (n) => bySqlName.get(n.toLowerCase()) },
  { kind: 'SQL', regex: /\bdelete\s+from\s+"?(\w+)"?/gi, table: (n) => bySqlName.get(n.toLowerCase()) },
];

const problems: string[] = [];
for (const file of sourceFiles(server)) {
  const text = fs.readFileSync(file, 'utf8');
  const relative = path.relative(server, file);
  for (const { kind, regex, table } of patterns) {
    for (const match of text.matchAll(regex)) {
      const found = table(match[1]!);
      if (!found || relative.startsWith(`${found.writer}/`)) continue;
      const line = text.slice(0, match.index).split('\n').length;
      problems.push(
        `${path.relative(root, file)}:${line}: ${kind} write of ${found.sqlName}; only apps/server/src/${found.writer}/ writes it`,
      );
    }
  }
}

if (problems.length > 0) {
  process.stderr.write(`Writes outside the table's writer area:\n${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`Table writers: ${tables.length} tables, each written only by its area.\n`);
