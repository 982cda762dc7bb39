import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';

export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  /** Starts loading the schema; call it when the form mounts so it is ready before the first submit. */
  preload: () => Promise<unknown>;
};

/**
 * A react-hook-form resolver for a contract schema that loads zod and the schema in their own chunk.
 * zod is ~27 KB gzip; loading it beside the form, not before it, keeps form routes inside the
 * 150 KB first-route budget. Pass the schema's types: `lazyZodResolver<z.input<S>, z.output<S>>(...)`.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(loadSchema: () => Promise<z.$ZodType<Output, Input>>): LazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () => {
    loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<Input, unknown, Output>,
    );
    // A failed chunk load may be retried on the next submit.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolver, { preload: load });
}
