import { SetMetadata } from '@nestjs/common';

/**
 * What a route answers, in the OpenAPI description (decision 022): built from the contract's shapes
 * by name (`shape('MemberAccount')`, generated from @platform/contract's TypeScript into its
 * dist/schemas.json), so the contract stays the one source of the shapes. A member route's envelope
 * (`success: true` beside its fields) is written here beside the route; api/test/openapi.spec.ts
 * checks that every JSON operation names its answer and that real answers validate against it.
 */
export type Schema = { [key: string]: unknown };

export const ANSWER_KEY = 'platform:answer';

/** One of the contract's shapes (an exported type of @platform/contract), by its name. */
export const shape = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const list = (items: Schema): Schema => ({ type: 'array', items });
/** Only null, in OpenAPI 3.0's words (it has no null type; the contract's shapes use the same). */
const NULL: Schema = { type: 'object', nullable: true, enum: [null], description: 'null' };
/** The schema or null: `nullable` beside a type; beside a reference, null is a choice of its own. */
export const orNull = (schema: Schema): Schema =>
  schema.type && !schema.$ref ? { ...schema, nullable: true } : { anyOf: [schema, NULL] };
export const text: Schema = { type: 'string' };
export const int: Schema = { type: 'integer' };
export const num: Schema = { type: 'number' };
export const bool: Schema = { type: 'boolean' };
/** A JSON object whose keys are not fixed (e.g. a settings map). */
export const anyObject: Schema = { type: 'object', additionalProperties: true };

/** An object with these fields, all present unless named in `optional`. */
export function object(fields: Record<string, Schema>, optional: string[] = []): Schema {
  const required = Object.keys(fields).filter((k) => !optional.includes(k));
  return { type: 'object', properties: fields, ...(required.length ? { required } : {}) };
}

/** A member route's answer: `success: true` beside its fields. */
export const ok = (fields: Record<string, Schema> = {}, optional: string[] = []): Schema =>
  object({ success: { type: 'boolean', enum: [true] }, ...fields }, optional);

/** `success: true` and a message in the caller's language, beside the fields. */
export const done = (fields: Record<string, Schema> = {}, optional: string[] = []): Schema =>
  ok({ message: text, ...fields }, optional);

/** A contract shape with `success: true` (and any more fields) spread into it. */
export const okWith = (name: string, fields: Record<string, Schema> = {}): Schema => ({
  allOf: [shape(name), ok(fields)],
});

/** Names what the route answers on success (the JSON body). */
export const Answers = (schema: Schema) => SetMetadata(ANSWER_KEY, schema);
