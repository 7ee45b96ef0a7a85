import { z } from 'zod';

/**
 * The JSON Schema and OpenAPI pieces the document and the route declarations share (issue 11): request bodies and
 * query parameters are the shared zod schemas the routes parse with, turned into JSON Schema by zod itself
 * (`io: 'input'`: what a client sends, before trims and defaults).
 */

export type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

/**
 * Touches zod's JSON Schema needs for other tools: a query string's integer (decimalCount, typed `integer` by its
 * metadata) drops the digits pattern only strings have, a date-time its long regex (the format says it), a default
 * given as metadata stays (zod leaves it out of what a client sends); a record keyed by a closed list (each kind's
 * counts), which zod writes as `propertyNames` plus `required`, becomes an object with those properties (Redocly: a
 * required property must be defined).
 */
function forOtherTools({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: object }): void {
  const json = jsonSchema as JsonSchema;
  if (json.type === 'integer' || json.format === 'date-time') delete json.pattern;
  const meta = z.globalRegistry.get(zodSchema);
  if (meta?.default !== undefined) json.default = meta.default;
  const keys = (json.propertyNames as { enum?: unknown[] } | undefined)?.enum;
  if (json.type === 'object' && Array.isArray(keys) && typeof json.additionalProperties === 'object') {
    json.properties = Object.fromEntries(keys.map((key) => [String(key), json.additionalProperties as JsonSchema]));
    json.additionalProperties = false;
    delete json.propertyNames;
  }
}

/** A zod schema as the JSON Schema of what a client may send (dialect 2020-12, OpenAPI 3.1's own). */
export function inputSchemaOf(schema: z.ZodType): JsonSchema {
  // Refinements (the password rule) cannot be written in JSON Schema: the document says less than the server checks.
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: forOtherTools,
  }) as JsonSchema;
  return json;
}

export function outputSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    override: forOtherTools,
  }) as JsonSchema;
  return json;
}

/** Query parameters from an object schema, each property one parameter (its description the parameter's). */
export function queryParametersOf(schema: z.ZodType): Record<string, unknown>[] {
  const json = inputSchemaOf(schema);
  return Object.entries(json.properties ?? {}).map(([name, { description, ...property }]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    ...(typeof description === 'string' ? { description } : {}),
    schema: property,
  }));
}

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The envelope with an endpoint's own fields; `success` fixed when the answer is always one or the other. */
export function envelope(fields: Record<string, unknown> = {}, required: string[] = []): JsonSchema {
  return { allOf: [ref('Envelope'), { type: 'object', properties: fields, required }] };
}

export function jsonAnswer(description: string, schema: unknown = ref('Envelope')) {
  return { description, content: { 'application/json': { schema } } };
}

export const jsonContent = (schema: unknown) => ({ 'application/json': { schema } });

/** The refusals every endpoint may give, by status. */
export const REFUSALS = {
  400: responseRef('BadRequest'),
  401: responseRef('NotSignedIn'),
  403: responseRef('Forbidden'),
  404: responseRef('NotFound'),
  405: responseRef('MethodNotAllowed'),
  413: responseRef('TooLarge'),
  415: responseRef('UnsupportedMediaType'),
  429: responseRef('TooManyRequests'),
  503: responseRef('ServiceUnavailable'),
} as const;

export type RefusalStatus = keyof typeof REFUSALS;

export function refusals(...statuses: RefusalStatus[]): Record<string, unknown> {
  return Object.fromEntries(statuses.map((status) => [String(status), REFUSALS[status]]));
}

/** A signed-in staff member's (or owner's) session cookie; owners-only calls say so in their summary. */
export const STAFF = [{ session: [] }];
/** Open to anyone: declared, so a reader (and Redocly's security-defined rule) knows it was not forgotten. */
export const PUBLIC: never[] = [];

/** An Express route path (`/api/enquiries/:kind`) in OpenAPI's form (`/api/enquiries/{kind}`). */
export const documentPathOf = (route: string) => route.replace(/:(\w+)/g, '{$1}');

/** A kind's name in the document (`request_quote` -> `RequestQuote`), with a suffix for its schemas (`...Row`). */
export function kindSchemaNameOf(kind: string, suffix: string): string {
  return `${kind
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}${suffix}`;
}
