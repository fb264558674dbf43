import type { INestApplication } from '@nestjs/common';
import { GUARDS_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { readFileSync } from 'node:fs';
import { PUBLIC_KEY, ROLES_KEY } from './auth/roles';
import { ANSWER_KEY, type Schema } from './common/answers';

type PathItemObject = OpenAPIObject['paths'][string];
type OperationObject = NonNullable<PathItemObject['get']>;
type ResponsesObject = OperationObject['responses'];
type ResponseObject = { description: string; content?: Record<string, unknown>; headers?: Record<string, unknown> };

/**
 * The OpenAPI description, completed from what the routes already declare, so no controller repeats
 * it: every operation answers the one error shape (`{success:false, message, field?}`, with the
 * message also URI-encoded in the `e_message` header) with the statuses it can give (400 for any
 * body or parameter, 401 and 403 where roles are required, 404 where a path names a record, 429
 * where a limit guards it, 503 when the database cannot be reached); the security scheme on every
 * operation that is not @Public; a JSON answer where the route declares no other. Checked by
 * Redocly's linter in api/test/openapi.spec.ts (redocly.yaml).
 */

/** Answers of routes that write their reply themselves (`@Res()`): what they send, by operation id. */
const SENT: Record<string, { type: string; description: string }> = {
  CertificatesController_pdf: { type: 'application/pdf', description: 'The certificate as a PDF' },
  CertificatesAdminController_preview: { type: 'application/pdf', description: 'A preview of the template' },
  FinanceController_export: { type: 'text/csv', description: 'The transactions as CSV (UTF-8 with BOM)' },
  TeamRosterController_roster: { type: 'text/csv', description: 'The teams’ roster as CSV (UTF-8 with BOM)' },
  PeopleFilesController_cv: { type: 'application/octet-stream', description: 'The judge’s CV file' },
  ResearchController_download: { type: 'application/octet-stream', description: 'The research file' },
  PublicResultsController_stream: { type: 'text/event-stream', description: 'Server-sent standings updates' },
  PaymentsController_download: {
    type: 'application/pdf',
    description: 'The tax invoice PDF (with ?format=xml its e-invoice, application/xml)',
  },
  PaymentsController_creditNote: {
    type: 'application/pdf',
    description: 'The credit note PDF (with ?format=xml its e-invoice, application/xml)',
  },
  EinvoicesController_xml: {
    type: 'application/xml',
    description: 'The e-invoice (UBL 2.1) as stamped, or a standard one as ZATCA cleared it',
  },
  PrivacyController_download: { type: 'application/zip', description: 'The member’s data as a ZIP' },
};
/** Every back-office resource's CSV export (`GET /api/admin/{name}/export`). */
const RESOURCE_EXPORT = /^Admin_.+_Controller_export$/;

const ERROR = '#/components/schemas/Error';
const ERRORS: Record<string, { name: string; description: string }> = {
  '400': {
    name: 'BadRequest',
    description: 'A field or parameter the API refuses; `field` names it when one is at fault',
  },
  '401': { name: 'Unauthorized', description: 'No session, or one that has ended' },
  '403': { name: 'Forbidden', description: 'The caller’s role, plan or account state does not allow it' },
  '404': { name: 'NotFound', description: 'No such record, or not one of the caller’s' },
  '429': { name: 'TooManyRequests', description: 'Too many attempts: wait and try again' },
  '503': { name: 'Unavailable', description: 'The database cannot be reached right now' },
};

interface RouteFacts {
  /** Open to anyone (@Public), or the roles it needs. */
  public: boolean;
  /** A rate limit guards it. */
  limited: boolean;
  /** What it answers on success (`@Answers`), from the contract's shapes. */
  answer?: Schema;
}

/** What each route declares (roles, guards), by the operation id @nestjs/swagger gives it. */
function routeFacts(app: INestApplication): Map<string, RouteFacts> {
  const facts = new Map<string, RouteFacts>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: unknown[]) => unknown) | null;
      if (!controller) continue;
      const proto = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const handler = proto[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const meta = (key: string) => Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller);
        const guards = [
          ...((Reflect.getMetadata(GUARDS_METADATA, controller) as { name?: string }[] | undefined) ?? []),
          ...((Reflect.getMetadata(GUARDS_METADATA, handler) as { name?: string }[] | undefined) ?? []),
        ];
        facts.set(`${controller.name}_${name}`, {
          public: !!meta(PUBLIC_KEY) && !meta(ROLES_KEY),
          limited: guards.some((g) => /Throttle|Rate/i.test(g?.name ?? '')),
          answer: Reflect.getMetadata(ANSWER_KEY, handler) as Schema | undefined,
        });
      }
    }
  }
  return facts;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** Builds the whole description of the running app. */
export function openApiDocument(app: INestApplication, version: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Competition and membership platform API')
    .setDescription(
      'Member contract (spec §7) and the back-office resources under /api/admin (ra-data-simple-rest). ' +
        'Every error is `{success: false, message, field?}` in the caller’s language (Accept-Language: ar or en), ' +
        'its message also URI-encoded in the `e_message` header.',
    )
    .setVersion(version)
    .addServer('/', 'This server')
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
        description: 'The session token, as sign-in answered it (optionally after "Bearer ")',
      },
      'token',
    )
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'A partner token from the embedded sign-in' },
      'bearer',
    )
    .build();
  const doc = SwaggerModule.createDocument(app, config);
  return complete(doc, routeFacts(app));
}

function complete(doc: OpenAPIObject, facts: Map<string, RouteFacts>): OpenAPIObject {
  doc.info.license = { name: 'Proprietary' };
  const components = (doc.components ??= {});
  components.schemas = {
    ...components.schemas,
    Error: {
      type: 'object',
      description: 'Every error the API answers',
      properties: {
        success: { type: 'boolean', enum: [false] },
        message: { type: 'string', description: 'In the caller’s language' },
        field: { type: 'string', description: 'The request field at fault, when one is' },
      },
      required: ['success', 'message'],
    },
    Answer: {
      type: 'object',
      description:
        'A JSON answer; member routes answer `success: true` beside their fields (their shapes are the TypeScript types of @platform/contract)',
      properties: { success: { type: 'boolean', enum: [true] } },
      additionalProperties: true,
    },
    Record: {
      type: 'object',
      description: 'A back-office record: its id and the contract’s field names',
      properties: { id: { type: 'string' } },
      required: ['id'],
      additionalProperties: true,
    },
  };
  components.responses = {
    ...components.responses,
    ...Object.fromEntries(
      Object.values(ERRORS).map(({ name, description }) => [
        name,
        {
          description,
          headers: {
            e_message: { description: 'The message, URI-encoded', schema: { type: 'string' } },
          },
          content: { 'application/json': { schema: { $ref: ERROR } } },
        } satisfies ResponseObject,
      ]),
    ),
  };

  for (const [path, item] of Object.entries(doc.paths) as [string, PathItemObject][]) {
    for (const method of METHODS) {
      const op = item[method] as OperationObject | undefined;
      if (!op) continue;
      const route = facts.get(op.operationId ?? '') ?? { public: false, limited: false };
      if (!route.public && !op.security?.length) op.security = [{ token: [] }];
      if (route.public && !op.security) op.security = [];
      const responses: ResponsesObject = op.responses;
      for (const ok of Object.keys(responses).filter((s) => s.startsWith('2'))) {
        const answer = responses[ok] as ResponseObject;
        answer.description ||= 'Done';
        if (answer.content) continue;
        const sent = SENT[op.operationId ?? ''];
        if (route.answer) answer.content = { 'application/json': { schema: route.answer } };
        else if (sent) answer.content = { [sent.type]: { schema: { type: 'string', format: 'binary' } } };
        else if (RESOURCE_EXPORT.test(op.operationId ?? ''))
          answer.content = { 'text/csv': { schema: { type: 'string', format: 'binary' } } };
        else answer.content = { 'application/json': { schema: { $ref: '#/components/schemas/Answer' } } };
        if (sent) answer.description = sent.description;
      }
      const statuses = ['400', '503'];
      if (!route.public) statuses.push('401', '403');
      // A public route that checks a credential of its own: a partner token, a webhook's signature.
      else if (op.security?.length || op.parameters?.some((p) => 'name' in p && /signature/i.test(p.name)))
        statuses.push('401');
      if (path.includes('{')) statuses.push('404');
      if (route.limited) statuses.push('429');
      for (const status of statuses.sort())
        responses[status] ??= { $ref: `#/components/responses/${ERRORS[status].name}` };
    }
  }
  addContractShapes(doc);
  return doc;
}

let shapes: Record<string, Schema> | undefined;
/** The contract's shapes as OpenAPI schemas (packages/contract/schemas.mjs writes them at build). */
export function contractShapes(): Record<string, Schema> {
  return (shapes ??= JSON.parse(readFileSync(require.resolve('@platform/contract/schemas.json'), 'utf8')) as Record<
    string,
    Schema
  >);
}

/** Adds the contract's shapes the answers name (and the shapes they name, in turn) to the components. */
function addContractShapes(doc: OpenAPIObject) {
  const all = contractShapes();
  const schemas = (doc.components!.schemas ??= {}) as Record<string, unknown>;
  const PREFIX = '#/components/schemas/';
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith(PREFIX)) {
      const name = ref.slice(PREFIX.length);
      if (!(name in schemas) && all[name]) {
        schemas[name] = all[name];
        visit(all[name]);
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(doc.paths);
}
