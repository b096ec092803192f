/**
 * The in-memory store behind a resource handler: items keyed by one field, with the answers every
 * resource's routes share (201 with the created item, the item or 404, 204 after a delete).
 */
import { HttpResponse, type JsonBodyType, type PathParams } from 'msw';
import { notFound } from './http';

export function memoryResource<T extends JsonBodyType>(
  seed: T[],
  idOf: (item: T) => string,
  param: string,
) {
  const items = [...seed];
  const indexOf = (params: PathParams) => items.findIndex((item) => idOf(item) === params[param]);
  return {
    items,
    find: (params: PathParams): T | undefined => items[indexOf(params)],
    /** Stores a new item first in the list and answers it with 201. */
    create(item: T) {
      items.unshift(item);
      return HttpResponse.json(item, { status: 201 });
    },
    /** Replaces the item `params` names with what `change` makes of it (or its refusal), or 404. */
    async update(params: PathParams, change: (current: T) => Promise<T | Response>) {
      const index = indexOf(params);
      if (index < 0) return notFound();
      const changed = await change(items[index]!);
      if (changed instanceof Response) return changed;
      items[index] = changed;
      return HttpResponse.json(changed);
    },
    /** `GET` of one item. */
    read: ({ params }: { params: PathParams }) => {
      const index = indexOf(params);
      return index < 0 ? notFound() : HttpResponse.json(items[index]);
    },
    /** `DELETE` of one item. */
    remove: ({ params }: { params: PathParams }) => {
      const index = indexOf(params);
      if (index < 0) return notFound();
      items.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    },
  };
}
