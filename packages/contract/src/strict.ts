import { z } from 'zod';

/**
 * The same schema, but every object in it refuses keys it does not name (pins "Hardening": a
 * misspelt filter must not silently widen a search). The server validates request bodies through
 * this; the contract's own schemas stay as written, so forms may carry fields of their own.
 *
 * Objects that declare a catch-all (`.passthrough()`, `.catchall()`) keep it; both halves of an
 * intersection stay as they are (each half would refuse the other's keys); lazy schemas too.
 */
export function strictInput<T extends z.ZodType>(schema: T): T {
  return strict(schema) as T;
}

const done = new WeakMap<z.ZodType, z.ZodType>();

// zod 4 keeps each schema's parts in `_zod.def`; `clone(def)` builds the same kind with new parts
// (its checks and refinements come along in `def.checks`).
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function strict(schema: z.ZodType): z.ZodType {
  const known = done.get(schema);
  if (known) return known;
  const def = defOf(schema);
  let next: Def | undefined;
  switch (def.type) {
    case 'object': {
      const shape = Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, strict(v)]));
      next = { ...def, shape, catchall: def.catchall ?? z.never() };
      break;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      if (def.innerType) next = { ...def, innerType: strict(def.innerType) };
      break;
    case 'array':
      if (def.element) next = { ...def, element: strict(def.element) };
      break;
    case 'pipe':
      // Only what comes in is the client's; what a transform makes is ours.
      if (def.in) next = { ...def, in: strict(def.in) };
      break;
    case 'union':
      if (def.options) next = { ...def, options: def.options.map(strict) };
      break;
    case 'record':
      if (def.valueType) next = { ...def, valueType: strict(def.valueType) };
      break;
    case 'tuple':
      next = { ...def, items: (def.items ?? []).map(strict), rest: def.rest ? strict(def.rest) : def.rest };
      break;
  }
  const result = next ? (schema as unknown as { clone(d: Def): z.ZodType }).clone(next) : schema;
  done.set(schema, result);
  return result;
}
