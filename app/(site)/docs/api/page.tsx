import type { Metadata } from 'next';
import { openApiDocument } from '@/lib/catalog-api';

export const metadata: Metadata = {
  title: 'Catalog API v2 reference',
  description: 'The Partner Rental Catalog API v2: endpoints, parameters, responses, errors and limits.',
};

// Rendered per request so the addresses and header names follow this deployment's settings.
export const dynamic = 'force-dynamic';

// biome-ignore lint/suspicious/noExplicitAny: the page walks a JSON Schema document generically; it has no useful static type.
type Json = Record<string, any>;

const INT32 = 2_147_483_647;

function typeOf(schema: Json | undefined): string {
  if (!schema) return '';
  if (schema.enum) return schema.enum.join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  const base =
    schema.format ?? (Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type) ?? 'object';
  // 32-bit bounds are the storage's, not a rule a partner needs to read.
  const min = Math.abs(schema.minimum ?? INT32) === INT32 ? undefined : schema.minimum;
  const max = Math.abs(schema.maximum ?? INT32) === INT32 ? undefined : schema.maximum;
  if (min !== undefined && max !== undefined) return `${base} ${min}–${max}`;
  if (min !== undefined) return `${base} ≥ ${min}`;
  if (max !== undefined) return `${base} ≤ ${max}`;
  return base;
}

/** Text with `code` spans, as the document's descriptions are written. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) =>
        i % 2 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never reorder.
          <code key={i} className="rounded bg-sand-100 px-1 text-[0.9em]">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Fields({ schema, depth = 0 }: { schema: Json; depth?: number }) {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Json>);
  if (properties.length === 0 || depth > 2) return null;
  return (
    <ul className={depth ? 'ml-4 border-l border-sand-200 pl-3' : ''}>
      {properties.map(([name, field]) => {
        const inner =
          field.anyOf?.find((s: Json) => s.type === 'object') ??
          (field.type === 'array' ? field.items : field);
        return (
          <li key={name} className="py-0.5">
            <code className="font-semibold text-ink-900">{name}</code>{' '}
            <span className="text-ink-500">
              {field.type === 'array' ? `array of ${typeOf(field.items)}` : typeOf(field)}
              {schema.required?.includes(name) ? '' : ', optional'}
            </span>
            {inner?.properties ? <Fields schema={inner} depth={depth + 1} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

export default function ApiReferencePage() {
  const doc = openApiDocument();
  const schemas = doc.components as Json;
  return (
    // The site's layout holds the page's one <main>; this is an article in it. Long paths, addresses and
    // tables wrap or scroll inside their own box so a phone never scrolls the page sideways.
    <article className="mx-auto min-w-0 max-w-4xl [overflow-wrap:anywhere]">
      <h1 className="text-2xl font-semibold text-brand-900 sm:text-3xl">
        {(doc.info as Json).title} v2 — reference
      </h1>
      <div className="mt-4 space-y-3 text-ink-700">
        {String((doc.info as Json).description)
          .split('\n\n')
          .map((paragraph) => (
            <p key={paragraph}>
              <Prose text={paragraph} />
            </p>
          ))}
        <p>
          Base address: <code>{(doc.servers as Json[])[0]?.url}</code>. Machine-readable:{' '}
          <a className="text-brand-700 underline" href="/v2/openapi.json">
            OpenAPI 3.1 document
          </a>
          .
        </p>
      </div>
      <nav aria-label="Endpoints" className="mt-8 rounded-lg bg-white p-4 shadow-sm">
        <h2 className="font-semibold">Endpoints</h2>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {Object.entries(doc.paths as Json).flatMap(([path, ops]) =>
            Object.keys(ops).map((method) => (
              <li key={`${method}${path}`}>
                <a className="text-brand-700 underline" href={`#${method}-${path.replace(/\W+/g, '-')}`}>
                  {method.toUpperCase()} {path}
                </a>
              </li>
            )),
          )}
        </ul>
      </nav>
      {Object.entries(doc.paths as Json).flatMap(([path, ops]) =>
        Object.entries(ops as Json).map(([method, op]: [string, Json]) => {
          const ok = Object.entries(op.responses as Json).find(([status]) => status.startsWith('2'));
          const ref: string | undefined = ok?.[1].content?.['application/json']?.schema?.$ref;
          const response = ref ? schemas.schemas[ref.split('/').pop()!] : null;
          return (
            <section
              key={`${method}${path}`}
              id={`${method}-${path.replace(/\W+/g, '-')}`}
              className="mt-8 scroll-mt-4 rounded-lg bg-white p-4 shadow-sm sm:mt-10 sm:p-6"
            >
              <h2 className="font-mono text-base font-semibold sm:text-lg">
                <span className="mr-2 rounded bg-brand-100 px-2 py-0.5 text-brand-900">
                  {method.toUpperCase()}
                </span>
                {path}
              </h2>
              <p className="mt-2 text-ink-700">{op.summary}</p>
              {op.description ? (
                <p className="mt-1 text-ink-500">
                  <Prose text={op.description} />
                </p>
              ) : null}
              {op.parameters.length ? (
                <table className="mt-4 w-full text-left text-sm">
                  <caption className="sr-only">Parameters of {path}</caption>
                  <thead>
                    <tr className="border-b border-sand-200">
                      <th className="py-1 pr-3 sm:pr-4">Parameter</th>
                      <th className="py-1 pr-3 sm:pr-4">In</th>
                      <th className="py-1">Type and rule</th>
                    </tr>
                  </thead>
                  <tbody>
                    {op.parameters.map((p: Json) => (
                      <tr key={p.name} className="border-b border-sand-100">
                        <td className="whitespace-nowrap py-1 pr-3 font-mono sm:pr-4">
                          {p.name}
                          {p.required ? ' *' : ''}
                        </td>
                        <td className="py-1 pr-3 [overflow-wrap:normal] sm:pr-4">{p.in}</td>
                        <td className="py-1">
                          {typeOf(p.schema)}
                          {p.schema.default !== undefined ? `, default ${p.schema.default}` : ''}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
              {op.requestBody ? (
                <div className="mt-4 text-sm">
                  <h3 className="font-semibold">Request body</h3>
                  <Fields schema={op.requestBody.content['application/json'].schema} />
                </div>
              ) : null}
              {response ? (
                <div className="mt-4 text-sm">
                  <h3 className="font-semibold">
                    Response {ok?.[0]}: {ref?.split('/').pop()}
                  </h3>
                  <Fields schema={response} />
                </div>
              ) : null}
              <p className="mt-4 text-sm text-ink-500">
                Errors:{' '}
                {Object.entries(op.responses as Json)
                  .filter(([status]) => !status.startsWith('2'))
                  .map(([status, r]: [string, Json]) => `${status} ${r.description}`)
                  .join('; ')
                  .replaceAll('`', '') || 'none'}
              </p>
            </section>
          );
        }),
      )}
    </article>
  );
}
