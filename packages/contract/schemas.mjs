// The contract's shapes as JSON Schema, for the API's OpenAPI description (decision 022): every
// exported type of src/ (ts-json-schema-generator, from the TypeScript itself), written in OpenAPI
// 3.0's dialect to dist/schemas.json: `#/components/schemas/` references, `nullable` for `T | null`
// (a null choice beside a reference or union), a one-value `enum` for a literal. Run by build.mjs after the compile.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGenerator } from 'ts-json-schema-generator';

const here = dirname(fileURLToPath(import.meta.url));

/** Only null, in OpenAPI 3.0's words (it has no null type). */
export const NULL = { type: 'object', nullable: true, enum: [null], description: 'null' };

/** JSON Schema (draft 7, as the generator writes it) to OpenAPI 3.0's schema object. */
export function toOpenApi(schema) {
  if (Array.isArray(schema)) return schema.map(toOpenApi);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref') out.$ref = value.replace('#/definitions/', '#/components/schemas/');
    else if (key === 'const') out.enum = [value];
    else if (key === 'properties' || key === 'definitions' || key === 'patternProperties')
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toOpenApi(v)]));
    else if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((t) => t !== 'null');
      if (types.length === 1) out.type = types[0];
      else out.anyOf = types.map((type) => ({ type }));
      if (types.length < value.length) out.nullable = true;
    } else out[key] = toOpenApi(value);
  }
  // `null` alone, or a union with null written as anyOf [X, {type: null}]. OpenAPI 3.0 has no null
  // type: `nullable` goes beside a type; beside a reference or a union, null is its own choice.
  if (out.type === 'null') {
    delete out.type;
    Object.assign(out, NULL);
  }
  for (const union of ['anyOf', 'oneOf']) {
    const parts = out[union];
    const isNull = (p) => p.nullable && p.enum?.length === 1 && p.enum[0] === null;
    if (!Array.isArray(parts) || !parts.some(isNull)) continue;
    const rest = parts.filter((p) => !isNull(p));
    if (rest.length === 1 && rest[0].type && !rest[0].$ref && Object.keys(out).length === 1)
      return { ...rest[0], nullable: true };
    out[union] = [...rest, NULL];
  }
  return out;
}

export function contractSchemas() {
  const generator = createGenerator({
    path: join(here, 'src/index.ts'),
    tsconfig: join(here, 'tsconfig.json'),
    expose: 'export',
    topRef: true,
    jsDoc: 'basic',
    skipTypeCheck: true,
    additionalProperties: true,
  });
  // Type by type: a few exported types are computed from values (`typeof LIST[number]` of an
  // `as const` list of functions) that the generator cannot read; they are never an answer.
  const names = readdirSync(join(here, 'src'))
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) => [...readFileSync(join(here, 'src', f), 'utf8').matchAll(/^export (?:interface|type) (\w+)(?!<)/gm)])
    .map((m) => m[1]);
  const definitions = {};
  const skipped = [];
  for (const name of names) {
    try {
      Object.assign(definitions, generator.createSchema(name).definitions);
    } catch {
      skipped.push(name);
    }
  }
  return { schemas: toOpenApi(definitions), skipped };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { schemas, skipped } = contractSchemas();
  writeFileSync(join(here, 'dist', 'schemas.json'), JSON.stringify(schemas) + '\n');
  console.log(
    `contract: ${Object.keys(schemas).length} shapes in dist/schemas.json (not described: ${skipped.join(', ')})`,
  );
}
