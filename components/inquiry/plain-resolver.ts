import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { InquiryRequest, InquiryRequestInput, inquiryRequestSchema } from '@/lib/contract';
import { fieldMessage } from '@/lib/site/browser/messages';

/*
 * The inquiry form's rules are the contract's own schema (what it accepts the API accepts); here its
 * messages become the site's words for each field, and the stay's messages are gathered for a property
 * form, where the stay has no inputs.
 */

/** The contract's resolver, with each message turned into the site's words for that field. */
export function plainResolver(
  schema: ReturnType<typeof inquiryRequestSchema>,
): Resolver<InquiryRequestInput, unknown, InquiryRequest> {
  const base = zodResolver(schema) as Resolver<InquiryRequestInput, unknown, InquiryRequest>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const walk = (node: unknown, path: string[]) => {
      if (!node || typeof node !== 'object') return;
      const error = node as { message?: unknown; type?: unknown };
      if (typeof error.message === 'string' && typeof error.type === 'string')
        error.message = fieldMessage(path.join('.'), error.message);
      for (const [k, v] of Object.entries(node))
        if (k !== 'ref' && typeof v === 'object') walk(v, [...path, k]);
    };
    walk(result.errors, []);
    return result;
  };
}

/** Every message under a part of the errors (the stay's, on a property form where it has no inputs). */
export function messagesIn(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const e = node as { message?: unknown; type?: unknown };
  const own = typeof e.message === 'string' && typeof e.type === 'string' ? [e.message] : [];
  return [
    ...own,
    ...Object.entries(node).flatMap(([k, v]) => (k === 'ref' || k === 'message' ? [] : messagesIn(v))),
  ];
}
