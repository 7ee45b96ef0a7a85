import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CONTENT_PATHS,
  ContentItemSchema,
  ContentItemSummarySchema,
  type ContentItem,
  type ContentItemSummary,
  type ContentType,
  type MoveDirection,
} from '@agency/shared';
import { request } from '@/lib/api-client';

/**
 * The Content area's calls (CONTENT_PATHS, docs/decisions/0043). Editors and owners only: a 403 is marked
 * `ownersOnly`, so the staff area asks the role again instead of signing the person out (lib/staff-query.tsx).
 * Every change answers the item as it is now, which replaces the cached one; the lists are asked again.
 */
const ACCESS = { ownersOnly: true } as const;

const ItemsAnswerSchema = z.object({ items: z.array(ContentItemSummarySchema) });
const ItemAnswerSchema = z.object({ item: ContentItemSchema });
const DoneAnswerSchema = z.object({ success: z.literal(true) });

const contentKey = ['content'] as const;
const listKey = (type: ContentType) => [...contentKey, 'list', type] as const;
const itemKey = (id: number) => [...contentKey, 'item', id] as const;

export const contentListQuery = (type: ContentType) =>
  queryOptions({
    queryKey: listKey(type),
    queryFn: ({ signal }): Promise<ContentItemSummary[]> =>
      request(CONTENT_PATHS.ITEMS, { signal, query: { type }, schema: ItemsAnswerSchema }).then(
        (answer) => answer.items,
      ),
    meta: ACCESS,
  });

export const useContentList = (type: ContentType) => useQuery(contentListQuery(type));

export const useContentItem = (id: number) =>
  useQuery({
    queryKey: itemKey(id),
    queryFn: ({ signal }): Promise<ContentItem> =>
      request(CONTENT_PATHS.item(id), { signal, schema: ItemAnswerSchema }).then((answer) => answer.item),
    meta: ACCESS,
  });

export type ContentChange =
  | { action: 'create'; type: ContentType; slug: string; data: Record<string, unknown> }
  | { action: 'save'; id: number; slug: string; data: Record<string, unknown> }
  | { action: 'publish'; id: number; at?: string }
  | { action: 'unpublish'; id: number }
  | { action: 'rollback'; id: number; version: number }
  | { action: 'move'; id: number; direction: MoveDirection };

function sendChange(change: ContentChange): Promise<ContentItem> {
  const item = (path: string, method: 'POST' | 'PUT', body?: unknown) =>
    request(path, { method, body, schema: ItemAnswerSchema }).then((answer) => answer.item);
  switch (change.action) {
    case 'create':
      return item(CONTENT_PATHS.ITEMS, 'POST', { type: change.type, slug: change.slug, data: change.data });
    case 'save':
      return item(CONTENT_PATHS.draft(change.id), 'PUT', { slug: change.slug, data: change.data });
    case 'publish':
      return item(CONTENT_PATHS.publish(change.id), 'POST', change.at ? { at: change.at } : {});
    case 'unpublish':
      return item(CONTENT_PATHS.unpublish(change.id), 'POST');
    case 'rollback':
      return item(CONTENT_PATHS.rollback(change.id), 'POST', { version: change.version });
    case 'move':
      return item(CONTENT_PATHS.move(change.id), 'POST', { direction: change.direction });
  }
}

/** One change to an item; its answer replaces the cached item, and the lists are asked again. */
export function useContentChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendChange,
    meta: ACCESS,
    onSuccess: (item) => {
      client.setQueryData(itemKey(item.id), item);
      void client.invalidateQueries({ queryKey: [...contentKey, 'list'] });
    },
  });
}

export function useDeleteContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(CONTENT_PATHS.item(id), { method: 'DELETE', schema: DoneAnswerSchema }),
    meta: ACCESS,
    // The item's own query is left to expire: removing it while its editor is still on screen would ask for it again.
    onSuccess: () => client.invalidateQueries({ queryKey: [...contentKey, 'list'] }),
  });
}
