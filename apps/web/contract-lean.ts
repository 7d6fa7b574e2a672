import { type ESTree, type Plugin, parseSync, Visitor } from 'vite';

/**
 * The contract's route descriptors without their schemas, in the production build (decision 067).
 *
 * At run time the web app reads a route's method, path, auth and status, and a form may take a
 * route's `body` as its schema; it checks an answer against the response schema only in
 * development (`lib/api-client.ts`). In each contract module:
 * - every `route({...})` keeps its other properties and holds `undefined` for `params`, `query`,
 *   `response` and an upload's `fields`, which only the server and the unit tests' fake API read;
 * - every call chain that starts from `z` or `route` is marked pure (`@__PURE__`).
 * So the schemas no form or screen imports fall out of the bundle, a route nobody calls too, and
 * the page no longer builds them as its modules load. Forms keep the schemas they import.
 */
export function contractLean(): Plugin {
  return {
    name: 'loupe:contract-lean',
    apply: 'build',
    transform: {
      filter: { id: CONTRACT_MODULE },
      handler(code, id) {
        const edits = leanEdits(code, id);
        return edits.length === 0 ? null : { code: applyEdits(code, edits), map: null };
      },
    },
  };
}

/** A module of `packages/contract/src`. */
const CONTRACT_MODULE = /packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;

const SCHEMA_KEYS = new Set(['params', 'query', 'response']);

/** Replace `[start, end)` with `text`. */
type Edit = [start: number, end: number, text: string];

function leanEdits(code: string, id: string): Edit[] {
  const { program, errors } = parseSync(id, code, { lang: 'ts' });
  if (errors.length > 0) throw new Error(`contract-lean could not read ${id}: ${errors[0]?.message}`);
  const schemas: Edit[] = [];
  const pure = new Set<number>(); // a chain's calls all start where it starts
  new Visitor({
    CallExpression(call) {
      const root = rootOf(call);
      if (root === 'z' || root === 'route') pure.add(call.start);
      if (call.callee.type !== 'Identifier' || call.callee.name !== 'route') return;
      const [def] = call.arguments;
      if (def?.type !== 'ObjectExpression') return;
      for (const property of def.properties) {
        const key = keyOf(property);
        if (key && SCHEMA_KEYS.has(key)) schemas.push(withoutValue(property));
        if (key === 'upload' && property.type === 'Property' && property.value.type === 'ObjectExpression') {
          for (const inner of property.value.properties) {
            if (keyOf(inner) === 'fields') schemas.push(withoutValue(inner));
          }
        }
      }
    },
  }).visit(program);
  // A call inside a schema that goes needs no mark: its text goes with it.
  const marks = [...pure]
    .filter((at) => !schemas.some(([start, end]) => at >= start && at < end))
    .map((at): Edit => [at, at, '/* @__PURE__ */ ']);
  return [...schemas, ...marks];
}

function applyEdits(code: string, edits: Edit[]): string {
  let out = code;
  for (const [start, end, text] of [...edits].sort((a, b) => b[0] - a[0] || b[1] - a[1])) {
    out = `${out.slice(0, start)}${text}${out.slice(end)}`;
  }
  return out;
}

/** `z` for `z.object(...).optional()`: the name a call chain starts from. */
function rootOf(node: ESTree.Expression | ESTree.Super): string | undefined {
  let at = node;
  for (;;) {
    if (at.type === 'CallExpression') at = at.callee;
    else if (at.type === 'MemberExpression') at = at.object;
    else return at.type === 'Identifier' ? at.name : undefined;
  }
}

function keyOf(property: ESTree.ObjectPropertyKind): string | undefined {
  if (property.type !== 'Property' || property.computed) return undefined;
  return property.key.type === 'Identifier' ? property.key.name : undefined;
}

/** The property's value becomes `undefined`; a shorthand `{ body }` becomes `{ body: undefined }`. */
function withoutValue(property: ESTree.ObjectPropertyKind): Edit {
  if (property.type !== 'Property') throw new Error('a spread in a route descriptor');
  return property.shorthand
    ? [property.start, property.end, `${keyOf(property)}: undefined`]
    : [property.value.start, property.value.end, 'undefined'];
}
